import { z } from '../zod'

/** The blog's settings, as the admin's form sends them (a checkbox: present when ticked) and GraphQL. */
export const blogSettingsSchema = z.object({
  holdComments: z.preprocess((v) => v === true || v === 'on' || v === 'true', z.boolean()),
})

export type BlogSettings = z.output<typeof blogSettingsSchema>
