import { z } from './zod'
import { limits } from './catalogue'

/**
 * The client details form of /profile (SPEC.md section 3, user attributes). One schema for the
 * browser (field messages before sending) and the route action (400 with the same messages).
 * Every field may be left empty (an empty field clears the attribute). The sign-in email is shown
 * but changed only through the accounts flow, which asks for the current password.
 */

/** A field that may be empty; when filled it must pass `check`. */
function optionalText(max: number, check?: { test: (v: string) => boolean; message: string }) {
  return z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .refine((v) => v === '' || !check || check.test(v), { message: check?.message ?? '' })
}

/** The five parts are stored joined by commas, so a part may not contain one. */
function addressPart(max: number) {
  return optionalText(max, { test: (v) => !v.includes(','), message: 'Please leave out commas' })
}

export const postalAddressParts = ['building', 'road', 'town', 'county', 'postcode'] as const
export type PostalAddressPart = (typeof postalAddressParts)[number]

export const clientDetailsSchema = z.object({
  phoneNumber: optionalText(20, {
    // Stored in international (E.164) form, as the original identity service required.
    test: (v) => /^\+[1-9]\d{6,14}$/.test(v.replace(/[\s()-]/g, '')),
    message: 'Please use the international form, e.g. +441234567890',
  }),
  nickname: optionalText(60),
  givenName: optionalText(100),
  familyName: optionalText(100),
  website: optionalText(200, {
    test: (v) => {
      try {
        const url = new URL(v)
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.')
      } catch {
        return false
      }
    },
    message: 'Please enter a full web address, e.g. https://example.com',
  }),
  building: addressPart(100),
  road: addressPart(100),
  town: addressPart(100),
  county: addressPart(100),
  postcode: addressPart(12),
  companyName: optionalText(120),
  ethereumAddress: optionalText(42, {
    test: (v) => /^0x[0-9a-fA-F]{40}$/.test(v),
    message: 'Please enter a 0x address of 40 hexadecimal characters',
  }),
})

export type ClientDetailsInput = z.infer<typeof clientDetailsSchema>
export type ClientDetailsField = keyof ClientDetailsInput
export type FieldErrors = Partial<Record<ClientDetailsField, string>>

/** The labels the form shows, in form order. */
export const clientDetailsLabels: Record<ClientDetailsField, string> = {
  phoneNumber: 'Phone number',
  nickname: 'Nickname',
  givenName: 'Given name',
  familyName: 'Family name',
  website: 'Website',
  building: 'Building',
  road: 'Road',
  town: 'Town',
  county: 'County',
  postcode: 'Postcode',
  companyName: 'Company name',
  ethereumAddress: 'Ethereum address',
}

/** Reads the form's fields (missing ones as empty) and validates them. */
export function parseClientDetails(form: FormData | Record<string, unknown>) {
  const get = (k: string) => (form instanceof FormData ? form.get(k) : form[k])
  const raw = Object.fromEntries(Object.keys(clientDetailsLabels).map((k) => [k, String(get(k) ?? '')]))
  const result = clientDetailsSchema.safeParse(raw)
  if (result.success) return { success: true as const, data: result.data }
  const errors: FieldErrors = {}
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ClientDetailsField
    errors[field] ??= issue.message
  }
  return { success: false as const, errors }
}

/** Job request form (SPEC.md section 5: no required-field check; priority 1..5, default 3). */
export const jobRequestSchema = z.object({
  job: z.string().trim().max(200, 'At most 200 characters'),
  reference: z.string().trim().max(100, 'At most 100 characters'),
  instructions: z.string().trim().max(5000, 'At most 5000 characters'),
  priority: z.coerce.number().int().min(limits.priorityMin).max(limits.priorityMax).default(limits.priorityDefault),
})

export type JobRequestInput = z.infer<typeof jobRequestSchema>
