import { z } from '../../lib/zod'

/**
 * The payload of an outbox row with channel 'mail' (see server/outbox/enqueue.ts).
 * Checked by the worker before sending: a row that does not match is marked dead at once.
 */
export const mailMessageSchema = z.object({
  to: z.email(),
  subject: z.string().trim().min(1).max(300),
  text: z.string().min(1),
  html: z.string().min(1).optional(),
})

export type MailMessage = z.infer<typeof mailMessageSchema>
