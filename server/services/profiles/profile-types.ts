import { z } from 'zod'

/**
 * The user attributes of SPEC.md section 3, named as the spec names them.
 * `sub` is the user's id; custom_postaladdress is five comma-joined parts.
 */
export interface ProfileAttributes {
  sub: string
  email: string
  email_verified: boolean
  phone_number: string | null
  phone_number_verified: boolean
  nickname: string | null
  family_name: string | null
  given_name: string | null
  website: string | null
  custom_postaladdress: string | null
  custom_companyName: string | null
  custom_profilePictureUrl: string | null
  custom_EthereumAddress: string | null
}

export interface PostalAddress {
  building: string
  road: string
  town: string
  county: string
  postcode: string
}

export interface Profile {
  userId: string
  attributes: ProfileAttributes
  /** custom_postaladdress split into its five parts (empty strings when unset). */
  postalAddress: PostalAddress
  groups: string[]
  isAdmin: boolean
}

/** What an admin's client list carries (SPEC.md: "Admin-listed users carry Username and Attributes"). */
export interface ClientSummary {
  Username: string
  Attributes: ProfileAttributes
}

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional()

/** Editable attributes. Email and password change through the accounts flow (current password required). */
export const profileUpdateSchema = z
  .object({
    phone_number: z
      .string()
      .trim()
      .max(32)
      .regex(/^[+0-9 ()-]*$/, 'Please check the phone number')
      .nullable()
      .optional(),
    nickname: optionalText(100),
    family_name: optionalText(100),
    given_name: optionalText(100),
    website: z
      .string()
      .trim()
      .max(300)
      .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), 'Please enter a web address starting with http:// or https://')
      .nullable()
      .optional(),
    custom_postaladdress: optionalText(500),
    custom_companyName: optionalText(200),
    custom_profilePictureUrl: optionalText(1000),
    custom_EthereumAddress: z
      .string()
      .trim()
      .refine((v) => v === '' || /^0x[0-9a-fA-F]{40}$/.test(v), 'Please check the Ethereum address')
      .nullable()
      .optional(),
  })
  .strict()

export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>

const parts = ['building', 'road', 'town', 'county', 'postcode'] as const

/** Five parts joined by ", " (commas inside a part become spaces so the split stays exact). */
export function joinPostalAddress(address: Partial<PostalAddress>): string {
  return parts.map((p) => (address[p] ?? '').replace(/,/g, ' ').trim()).join(', ')
}

export function splitPostalAddress(value: string | null | undefined): PostalAddress {
  const split = (value ?? '').split(',').map((s) => s.trim())
  return { building: split[0] ?? '', road: split[1] ?? '', town: split[2] ?? '', county: split[3] ?? '', postcode: split.slice(4).join(' ').trim() }
}
