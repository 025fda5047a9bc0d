import { deleteFile } from '../../services/files/delete-file'
import { listFiles } from '../../services/files/list-files'
import type { GraphqlModule } from './graphql-module'

export const filesModule: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    "A stored file; type comes from the extension; url is the download route."
    type StoredFile {
      path: String!
      name: String!
      size: Float!
      lastModified: String!
      eTag: String!
      type: String!
      url: String!
      "The viewer's picture of a model or drawing (/thumbnails/<path>), once it has been previewed."
      thumbnailUrl: String
      "The caller may set that picture: the file's uploader, or an admin."
      canSetThumbnail: Boolean!
    }
    extend type Query {
      "Complete files under a folder, e.g. user-box/<userId>/ or job-files/<jobRequestId>/"
      files(prefix: String!): [StoredFile!]!
    }
    extend type Mutation {
      "Returns the deleted path."
      deleteFile(path: String!): String!
    }
  `,
  resolvers: {
    Query: {
      files: (_: unknown, args: { prefix: string }, { actor }) => listFiles({ actor, prefix: args.prefix }),
    },
    Mutation: {
      deleteFile: async (_: unknown, args: { path: string }, { actor }) => (await deleteFile({ actor, path: args.path })).path,
    },
  },
}
