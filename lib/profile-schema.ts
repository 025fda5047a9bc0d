import { z } from './zod'

/**
 * The client's profile, one schema for every entry point: the dashboard's form (checked in the
 * browser before sending), the /profile action, the updateProfile service and GraphQL's
 * updateProfile (whose edge translates the identity service's attribute names to these).
 *
 * The field names are the record's one vocabulary: the form's input names, the service's keys and
 * the database columns (server/db/schema/profiles.ts) are the same words. The postal address is
 * stored as one column of five comma-joined parts (the identity service's custom_postaladdress).
 *
 * Every field may be empty: an empty field clears the attribute, so each parses to a string, ''
 * meaning "none". The sign-in email is not here: it changes only through the accounts flow, which
 * asks for the current password; nor is the logo, which is an uploaded file (setCompanyLogo).
 */

/**
 * Text as people type it: trimmed, missing or null read as empty. The inner string is optional too,
 * because a form library may turn an empty input into "missing" before the schema sees it.
 */
function text(max: number) {
  return z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z
      .string()
      .trim()
      .max(max, `At most ${max} characters`)
      .optional()
      .transform((v) => v ?? ''),
  )
}

/** A text field that, when filled, is turned into its stored form or refused with `message`. */
function normalisedText(max: number, normalise: (v: string) => string | null, message: string) {
  return text(max).transform((v, ctx) => {
    if (v === '') return v
    const stored = normalise(v)
    if (stored === null) {
      ctx.issues.push({ code: 'custom', message, input: v })
      return z.NEVER
    }
    return stored
  })
}

/**
 * A phone number as people write it, in its international (E.164) form: a UK national number
 * ("01422 123456", "(01422) 123-456") gets +44 in place of its leading 0; "+44 (0)1422 …" drops the
 * (0); "00…" is the international prefix. Null when it cannot be a phone number.
 */
export function normalisePhoneNumber(value: string): string | null {
  const compact = value.replace(/\(0\)/g, '').replace(/[\s().-]/g, '')
  let international: string
  if (/^\+\d+$/.test(compact)) international = compact
  else if (/^00\d+$/.test(compact)) international = `+${compact.slice(2)}`
  else if (/^0\d{9,10}$/.test(compact)) international = `+44${compact.slice(1)}`
  else return null
  return /^\+[1-9]\d{7,14}$/.test(international) ? international : null
}

/**
 * A web address as people write it: a bare domain ("meshwork.example", "www.meshwork.example/about")
 * is stored with https://. Only http and https addresses of a dotted host name are kept, so a
 * "javascript:" link can never be stored as a client's website.
 */
export function normaliseWebsite(value: string): string | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`
  try {
    const url = new URL(withScheme)
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(url.hostname) || /\s/.test(value)) return null
    return withScheme
  } catch {
    return null
  }
}

export const ADDRESS_COMMA_MESSAGE = 'Please leave out commas: the address is kept as five parts separated by commas'
export const PHONE_NUMBER_MESSAGE = 'Please enter a UK number (01422 123456) or an international one (+44 1422 123456)'
export const WEBSITE_MESSAGE = 'Please enter a web address, e.g. meshwork.example or https://meshwork.example'
export const ETHEREUM_ADDRESS_MESSAGE = 'Please enter a 0x address of 40 hexadecimal characters'

/** One part of the postal address, which is stored joined by commas: a part may not hold one. */
function addressPart(max: number) {
  return text(max).refine((v) => !v.includes(','), ADDRESS_COMMA_MESSAGE)
}

export const postalAddressParts = ['building', 'road', 'town', 'county', 'postcode'] as const
export type PostalAddressPart = (typeof postalAddressParts)[number]
export type PostalAddress = Record<PostalAddressPart, string>

export const profileSchema = z.object({
  phoneNumber: normalisedText(32, normalisePhoneNumber, PHONE_NUMBER_MESSAGE),
  nickname: text(60),
  givenName: text(100),
  familyName: text(100),
  website: normalisedText(300, normaliseWebsite, WEBSITE_MESSAGE),
  companyName: text(120),
  ethereumAddress: text(42).refine((v) => v === '' || /^0x[0-9a-fA-F]{40}$/.test(v), ETHEREUM_ADDRESS_MESSAGE),
  building: addressPart(100),
  road: addressPart(100),
  town: addressPart(100),
  county: addressPart(100),
  postcode: addressPart(12),
})

/** What the form or an API sends (any field may be missing: it reads as empty). */
export type ProfileFormInput = z.input<typeof profileSchema>
/** What is stored: each field normalised, '' for none. */
export type ProfileInput = z.output<typeof profileSchema>
export type ProfileField = keyof ProfileInput

/** For a change of some fields only (GraphQL): a field left out keeps its stored value. */
export const profileChangeSchema = profileSchema.partial()
export type ProfileChange = z.output<typeof profileChangeSchema>

/**
 * The client's choice of the optional job mails (stage changes, the consultancy's messages): a
 * checkbox, on when ticked; a form leaves an unticked box out, which reads as off.
 */
export const jobMailsSchema = z.object({ enabled: z.boolean().default(false) })
export type JobMailsInput = z.output<typeof jobMailsSchema>

/** The labels the form shows. */
export const profileLabels: Record<ProfileField, string> = {
  phoneNumber: 'Phone number',
  nickname: 'Nickname',
  givenName: 'Given name',
  familyName: 'Family name',
  website: 'Website',
  companyName: 'Company name',
  ethereumAddress: 'Ethereum address',
  building: 'Building',
  road: 'Road',
  town: 'Town',
  county: 'County',
  postcode: 'Postcode',
}

/** The five parts joined as stored; null when every part is empty. */
export function joinPostalAddress(address: Partial<PostalAddress>): string | null {
  const parts = postalAddressParts.map((p) => (address[p] ?? '').trim())
  return parts.every((p) => p === '') ? null : parts.join(', ')
}

/** The stored address in its five parts (empty strings when unset). */
export function splitPostalAddress(value: string | null | undefined): PostalAddress {
  const split = (value ?? '').split(',').map((s) => s.trim())
  return { building: split[0] ?? '', road: split[1] ?? '', town: split[2] ?? '', county: split[3] ?? '', postcode: split.slice(4).join(' ').trim() }
}
