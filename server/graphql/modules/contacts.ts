import { clientIpFromRequest } from '../../http/client-ip'
import { createContact } from '../../services/contacts/create-contact'
import { deleteContact } from '../../services/contacts/delete-contact'
import { getContact } from '../../services/contacts/get-contact'
import { listContacts } from '../../services/contacts/list-contacts'
import { updateContact } from '../../services/contacts/update-contact'
import type { GraphqlModule } from './graphql-module'

/** Contact: anyone creates (the contact form's rules and rate limit); only admins read and change. */
export const contactsModule: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    type Contact {
      id: ID!
      name: String!
      email: String!
      message: String!
      createdAt: String!
      updatedAt: String!
    }
    input CreateContactInput {
      name: String!
      email: String!
      message: String!
    }
    input ContactInput {
      name: String
      email: String
      message: String
    }
    extend type Query {
      listContacts(limit: Int): [Contact!]!
      getContact(id: ID!): Contact!
    }
    extend type Mutation {
      createContact(input: CreateContactInput!): Contact!
      updateContact(id: ID!, input: ContactInput!): Contact!
      deleteContact(input: DeleteInput!): Contact!
    }
  `,
  resolvers: {
    Query: {
      listContacts: (_: unknown, args: { limit?: number | null }, { actor }) => listContacts({ actor, limit: args.limit ?? undefined }),
      getContact: (_: unknown, args: { id: string }, { actor }) => getContact({ actor, id: args.id }),
    },
    Mutation: {
      createContact: (_: unknown, args: { input: { name: string; email: string; message: string } }, { request }) =>
        createContact({ input: { ...args.input }, clientIp: clientIpFromRequest(request) ?? 'unknown' }),
      updateContact: (_: unknown, args: { id: string; input: { name?: string | null; email?: string | null; message?: string | null } }, { actor }) =>
        updateContact({ actor, id: args.id, input: { ...args.input } }),
      deleteContact: (_: unknown, args: { input: { id: string } }, { actor }) => deleteContact({ actor, id: args.input.id }),
    },
  },
}
