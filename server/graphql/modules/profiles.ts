import { postalAddressParts, profileChangeSchema, type PostalAddressPart, type ProfileChange, type ProfileField } from '../../../lib/profile-schema'
import { AppError, isAppError } from '../../errors/app-error'
import { getProfile } from '../../services/profiles/get-profile'
import { listClients } from '../../services/profiles/list-clients'
import type { Profile } from '../../services/profiles/profile-types'
import { updateProfile } from '../../services/profiles/update-profile'
import { parseInput } from '../../services/shared/parse-input'
import type { GraphqlModule } from './graphql-module'

/**
 * The profile over GraphQL speaks the identity service's attribute names (phone_number,
 * custom_companyName, ...), the published contract. Everywhere else the record has one vocabulary,
 * the fields of lib/profile-schema.ts: this edge is the only place that translates.
 */

/** Each profile field's attribute (the address parts share custom_postaladdress). A field without one fails to compile. */
export const attributeOf = {
  phoneNumber: 'phone_number',
  nickname: 'nickname',
  givenName: 'given_name',
  familyName: 'family_name',
  website: 'website',
  companyName: 'custom_companyName',
  ethereumAddress: 'custom_EthereumAddress',
} as const satisfies Record<Exclude<ProfileField, PostalAddressPart>, string>

type FieldAttribute = (typeof attributeOf)[keyof typeof attributeOf]
const POSTAL_ADDRESS = 'custom_postaladdress'
const PICTURE_URL = 'custom_profilePictureUrl'

/** ProfileInput as GraphQL receives it: a left-out attribute is unchanged, null or "" clears it. */
type ProfileAttributesInput = Partial<Record<FieldAttribute | typeof POSTAL_ADDRESS | typeof PICTURE_URL, string | null>>

const POSTAL_ADDRESS_MESSAGE = 'The postal address is five comma-separated parts: building, road, town, county, postcode'

/** The attributes of a profile, as the identity service named them ('' stored as null). */
export function toAttributes(p: Profile) {
  const orNull = (v: string) => (v === '' ? null : v)
  const fields = Object.fromEntries(Object.entries(attributeOf).map(([field, attribute]) => [attribute, orNull(p[field as keyof typeof attributeOf])]))
  const address = postalAddressParts.map((part) => p[part])
  return {
    sub: p.userId,
    email: p.email,
    email_verified: p.emailVerified,
    phone_number_verified: p.phoneNumberVerified,
    ...fields,
    [POSTAL_ADDRESS]: address.every((v) => v === '') ? null : address.join(', '),
    [PICTURE_URL]: p.logoUrl,
  }
}

/** An attribute input in the profile's own field names; the address split into its five parts. */
function toProfileChange(input: ProfileAttributesInput): ProfileChange {
  const change: Record<string, unknown> = {}
  for (const [field, attribute] of Object.entries(attributeOf)) if (input[attribute] !== undefined) change[field] = input[attribute]
  const address = input[POSTAL_ADDRESS]
  if (address !== undefined) {
    const parts = (address ?? '').split(',')
    if (parts.length > postalAddressParts.length) throw new AppError('BAD_REQUEST', POSTAL_ADDRESS_MESSAGE, { fieldErrors: { [POSTAL_ADDRESS]: [POSTAL_ADDRESS_MESSAGE] } })
    postalAddressParts.forEach((part, i) => (change[part] = parts[i] ?? ''))
  }
  return change as ProfileChange
}

/** A logo given as its URL (/files/profile-pictures/…, as the attribute reads) or its stored path. */
function toLogoPath(value: string | null): string | null {
  if (value === null || value.trim() === '') return null
  const trimmed = value.trim()
  if (!trimmed.startsWith('/files/')) return trimmed
  try {
    return trimmed.slice('/files/'.length).split('/').map(decodeURIComponent).join('/')
  } catch {
    return trimmed
  }
}

/** Field errors of the services, named as the caller named them. */
function inAttributeNames(error: unknown): never {
  if (!isAppError(error) || !error.fieldErrors) throw error
  const fieldErrors: Record<string, string[]> = {}
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const attribute =
      field === 'logo' ? PICTURE_URL : (postalAddressParts as readonly string[]).includes(field) ? POSTAL_ADDRESS : (attributeOf[field as keyof typeof attributeOf] ?? field)
    ;(fieldErrors[attribute] ??= []).push(...messages)
  }
  throw new AppError('BAD_REQUEST', error.message, { fieldErrors })
}

/**
 * updateProfile: the fields (through the profile schema) and the logo (always the client's own
 * uploaded image) are checked before anything is written, and saved together in one transaction.
 */
async function updateProfileAttributes(actor: Parameters<typeof updateProfile>[0]['actor'], userId: string | null | undefined, input: ProfileAttributesInput): Promise<Profile> {
  try {
    const change = parseInput(profileChangeSchema, toProfileChange(input))
    const logo = input[PICTURE_URL] !== undefined ? toLogoPath(input[PICTURE_URL]) : undefined
    if (logo === undefined && Object.values(change).every((v) => v === undefined)) return await getProfile({ actor, userId })
    return await updateProfile({ actor, userId, input: change, logo })
  } catch (error) {
    return inAttributeNames(error)
  }
}

export const profilesModule: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    "The user attributes of the client portal, named as the identity service named them."
    type ProfileAttributes {
      sub: ID!
      email: String!
      email_verified: Boolean!
      "International (E.164) form, e.g. +441422123456"
      phone_number: String
      phone_number_verified: Boolean!
      nickname: String
      family_name: String
      given_name: String
      "http(s) address"
      website: String
      "building, road, town, county, postcode (comma-joined)"
      custom_postaladdress: String
      custom_companyName: String
      "/files/profile-pictures/<userId>/<name>: the client's own uploaded logo"
      custom_profilePictureUrl: String
      custom_EthereumAddress: String
    }
    type PostalAddress {
      building: String!
      road: String!
      town: String!
      county: String!
      postcode: String!
    }
    type Profile {
      userId: ID!
      attributes: ProfileAttributes!
      postalAddress: PostalAddress!
      groups: [String!]!
      isAdmin: Boolean!
    }
    type Client {
      Username: ID!
      Attributes: ProfileAttributes!
    }
    "A left-out attribute is unchanged; null or an empty string clears it."
    input ProfileInput {
      "A UK number (01422 123456) or an international one (+44 1422 123456); stored as +441422123456"
      phone_number: String
      nickname: String
      family_name: String
      given_name: String
      "A bare domain is stored with https://"
      website: String
      "Five comma-joined parts (building, road, town, county, postcode); a part cannot hold a comma"
      custom_postaladdress: String
      custom_companyName: String
      "An image uploaded into profile-pictures/<userId>/ (its path or /files/ URL); the logo it replaces is deleted"
      custom_profilePictureUrl: String
      custom_EthereumAddress: String
    }
    extend type Query {
      "The signed-in user's profile; null for a guest."
      me: Profile
      "Own profile, or (admins) any client's."
      profile(userId: ID): Profile!
      "Admins: every verified account, for the client selector."
      clients: [Client!]!
    }
    extend type Mutation {
      "Own attributes, or (admins) a client's."
      updateProfile(userId: ID, input: ProfileInput!): Profile!
    }
  `,
  resolvers: {
    Query: {
      me: (_: unknown, __: unknown, { actor }) => (actor ? getProfile({ actor }) : null),
      profile: (_: unknown, args: { userId?: string | null }, { actor }) => getProfile({ actor, userId: args.userId }),
      clients: (_: unknown, __: unknown, { actor }) => listClients({ actor }),
    },
    Mutation: {
      updateProfile: (_: unknown, args: { userId?: string | null; input: ProfileAttributesInput }, { actor }) => updateProfileAttributes(actor, args.userId, args.input),
    },
    Profile: {
      attributes: (p: Profile) => toAttributes(p),
      postalAddress: (p: Profile) => Object.fromEntries(postalAddressParts.map((part) => [part, p[part]])),
    },
    Client: {
      Username: (p: Profile) => p.userId,
      Attributes: (p: Profile) => toAttributes(p),
    },
  },
}
