import { addRevisionComment, resolveRevisionComment } from '../../services/reviews/revision-comments'
import { getRevisionComments } from '../../services/reviews/get-revision-comments'
import type { GraphqlModule } from './graphql-module'

/**
 * Comments on a revision of a job's deliverables, over GraphQL: the same services, and so the same
 * rules, as the viewer on the job's page. A pinned view is the one the viewer keeps, in the same
 * fields, and is checked by the same schema (a model's point, camera, section planes and hidden parts;
 * a drawing's point, centre and zoom).
 */
export const revisionCommentsModule: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    "A 3D model's camera: where it is, what it looks at, which way is up (each [x, y, z])."
    type PinnedCamera {
      position: [Float!]!
      target: [Float!]!
      up: [Float!]!
    }
    "A section plane as the viewer keeps it."
    type PinnedSection {
      "x, y, z or face"
      along: String!
      "Its unit normal [x, y, z]."
      normal: [Float!]!
      offset: Float!
      flipped: Boolean!
    }
    """
    Where a comment is pinned and the view it was made in. kind model: point [x, y, z] in the model's
    coordinates, camera, sections and hiddenParts (the keys of the parts hidden). kind drawing: point
    [x, y] in the drawing's units, center [x, y] and zoom. kind page (a PDF's page): page (from 1),
    point [x, y] as fractions of the page (0 to 1, from its top left) and zoom.
    """
    type PinnedView {
      "model, drawing or page"
      kind: String!
      point: [Float!]!
      camera: PinnedCamera
      sections: [PinnedSection!]
      hiddenParts: [String!]
      center: [Float!]
      zoom: Float
      page: Int
    }
    input PinnedCameraInput {
      position: [Float!]!
      target: [Float!]!
      up: [Float!]!
    }
    input PinnedSectionInput {
      along: String!
      normal: [Float!]!
      offset: Float!
      flipped: Boolean!
    }
    "A pinned view, in the fields of PinnedView: a model's needs camera, sections and hiddenParts; a drawing's center and zoom; a page's page and zoom."
    input PinnedViewInput {
      kind: String!
      point: [Float!]!
      camera: PinnedCameraInput
      sections: [PinnedSectionInput!]
      hiddenParts: [String!]
      center: [Float!]
      zoom: Float
      page: Int
    }
    type RevisionCommentReply {
      id: ID!
      "You, for the caller's own."
      author: String!
      "client or consultancy"
      side: String!
      mine: Boolean!
      body: String!
      at: String!
    }
    "A comment on a revision, with its replies, as the job's page shows it."
    type RevisionComment {
      id: ID!
      revisionId: ID!
      "The code (P01…) of the revision it was made on."
      revisionCode: String
      "You, for the caller's own."
      author: String!
      "client or consultancy"
      side: String!
      mine: Boolean!
      body: String!
      "Where it is pinned; null for a comment not pinned."
      view: PinnedView
      "Who resolved it and when; null while open."
      resolvedBy: String
      resolvedAt: String
      "The code of the earlier revision it was carried over from, by the consultancy's choice."
      carriedFrom: String
      at: String!
      replies: [RevisionCommentReply!]!
      "The caller may resolve or reopen it."
      canResolve: Boolean!
    }
    type RevisionCommentResolution {
      id: ID!
      resolved: Boolean!
    }
    extend type Query {
      "A revision's comments, oldest first: every member of the job's company and the consultancy (a client, of the revisions issued to it)."
      revisionComments(jobId: ID!, revisionId: ID!): [RevisionComment!]!
    }
    extend type Mutation {
      "A comment on a revision, pinned with its view or not, or a reply to one (parentId; never pinned): the consultancy and the company's members but its viewers. Answers the new comment's id."
      addRevisionComment(jobId: ID!, revisionId: ID!, body: String!, parentId: ID, view: PinnedViewInput): ID!
      "Resolve a comment (resolved: true) or reopen it (false): whoever may comment on its revision."
      resolveRevisionComment(jobId: ID!, commentId: ID!, resolved: Boolean!): RevisionCommentResolution!
    }
  `,
  resolvers: {
    Query: {
      revisionComments: (_: unknown, args: { jobId: string; revisionId: string }, { actor }) => getRevisionComments({ actor, jobId: args.jobId, revisionId: args.revisionId }),
    },
    Mutation: {
      addRevisionComment: async (_: unknown, args: { jobId: string; revisionId: string; body: string; parentId?: string | null; view?: unknown }, { actor }) =>
        (
          await addRevisionComment({
            actor,
            jobId: args.jobId,
            input: { revisionId: args.revisionId, body: args.body, parentId: args.parentId ?? undefined, view: args.view ?? undefined },
          })
        ).id,
      resolveRevisionComment: (_: unknown, args: { jobId: string; commentId: string; resolved: boolean }, { actor }) =>
        resolveRevisionComment({ actor, jobId: args.jobId, commentId: args.commentId, resolved: args.resolved }),
    },
  },
}
