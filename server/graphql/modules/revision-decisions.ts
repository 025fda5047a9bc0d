import { decideRevision } from '../../services/reviews/decide-revision'
import type { GraphqlModule } from './graphql-module'

/**
 * The client's decision on an issued revision of a job's deliverables, over GraphQL: the same service,
 * and so the same rules, as the job page.
 */
export const revisionDecisionsModule: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    "A decision on one issued revision, made once and never changed."
    type RevisionDecision {
      revisionId: ID!
      document: String!
      "The revision's code as issued (P01…)."
      code: String
      "accepted, accepted_with_comments or returned"
      decision: String!
      comment: String
      "The code an accepted revision took (C01…); null when returned."
      acceptedCode: String
      "Who decided: their name and address as they were then."
      by: String!
      byEmail: String!
      at: String!
      "The revision's SHA-256 as decided on."
      sha256: String!
      "The job's stage after the decision: released while revisions wait, else completed or in_progress."
      jobStatus: String!
    }
    extend type Mutation {
      "An approver or owner of the job's company: decide on an issued revision of the job's latest release (accepted, accepted_with_comments or returned; comments required but for accepted)."
      decideRevision(jobId: ID!, revisionId: ID!, decision: String!, comment: String): RevisionDecision!
    }
  `,
  resolvers: {
    Mutation: {
      decideRevision: (_: unknown, args: { jobId: string; revisionId: string; decision: string; comment?: string | null }, { actor, client }) =>
        decideRevision({
          actor,
          jobId: args.jobId,
          input: { revisionId: args.revisionId, decision: args.decision, comment: args.comment ?? undefined },
          ip: client.ip,
          userAgent: client.userAgent,
        }),
    },
  },
}
