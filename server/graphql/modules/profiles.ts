import { getProfile } from '../../services/profiles/get-profile'
import { listClients } from '../../services/profiles/list-clients'
import type { ProfileUpdateInput } from '../../services/profiles/profile-types'
import { updateProfile } from '../../services/profiles/update-profile'
import type { GraphqlModule } from '../graphql-module'

export const profilesModule: GraphqlModule = {
  name: 'profiles',
  typeDefs: /* GraphQL */ `
    "The user attributes of the client portal, named as the identity service named them."
    type ProfileAttributes {
      sub: ID!
      email: String!
      email_verified: Boolean!
      phone_number: String
      phone_number_verified: Boolean!
      nickname: String
      family_name: String
      given_name: String
      website: String
      "building, road, town, county, postcode (comma-joined)"
      custom_postaladdress: String
      custom_companyName: String
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
    input ProfileInput {
      phone_number: String
      nickname: String
      family_name: String
      given_name: String
      website: String
      custom_postaladdress: String
      custom_companyName: String
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
      updateProfile: (_: unknown, args: { userId?: string | null; input: ProfileUpdateInput }, { actor }) =>
        updateProfile({ actor, userId: args.userId, attributes: { ...args.input } }),
    },
  },
}
