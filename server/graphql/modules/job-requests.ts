import type { JobRequestField } from '../../../lib/job-request-schema'
import { createJobRequest } from '../../services/jobs/create-job-request'
import { deleteJobRequest } from '../../services/jobs/delete-job-request'
import { getJobRequest } from '../../services/jobs/get-job-request'
import { listJobRequests } from '../../services/jobs/list-job-requests'
import { listJobRequestsByMembership } from '../../services/jobs/list-job-requests-by-membership'
import { updateJobRequest } from '../../services/jobs/update-job-request'
import type { GraphqlModule } from './graphql-module'

/** What createJobRequests receives: the fields of lib/job-request-schema.ts, and what the server sets itself. */
interface CreateJobRequestsInput extends Record<JobRequestField, string | null | undefined> {
  user?: string | null
  files?: string | null
  /** Ignored: a new job request is "pending". */
  status?: string | null
  /** Ignored: always "true". */
  membership?: string | null
}

/**
 * JobRequests over GraphQL (the type keeps the published plural name). Its fields are named as in
 * lib/job-request-schema.ts and the database; priority is text "1".."5" here as there.
 */
export const jobRequestsModule: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    type JobRequests {
      id: ID!
      user: ID!
      job: String
      reference: String
      instructions: String
      status: String
      "1 to 5, as text"
      priority: String
      "JSON-encoded list of the files stored in job-files/<id>/"
      files: String
      "the text true"
      membership: String
      "The day it was completed: its release accepted by the client, or closed by an admin with a note."
      completedAt: String
      "The day of its latest release to the client."
      releasedAt: String
      "The day a quote of it was accepted: from then on it is kept as the consultancy's record (never deleted)."
      acceptedAt: String
      "The day an admin archived it; null while active."
      archivedAt: String
      createdAt: String!
      updatedAt: String!
    }
    input StringEqFilter {
      eq: String
    }
    input JobRequestFilter {
      user: StringEqFilter
    }
    input CreateJobRequestsInput {
      "The client (admins only); the signed-in user by default."
      user: ID
      job: String
      reference: String
      instructions: String
      "Ignored: a new job request is pending."
      status: String
      priority: String
      "JSON-encoded list; empty (or omitted) for a new job: its files are uploaded into job-files/<id>/ once it exists."
      files: String
      "Ignored: always true."
      membership: String
    }
    input UpdateJobRequestsInput {
      id: ID!
      "JSON-encoded list of files stored in this job's folder (job-files/<id>/); any other path is refused."
      files: String!
    }
    extend type Query {
      "Own job requests; admins: a client's (filter.user.eq) or every client's (no filter). The active ones, or with archived: true the archived ones."
      listJobRequests(filter: JobRequestFilter, limit: Int, archived: Boolean): [JobRequests!]!
      getJobRequests(id: ID!): JobRequests!
      "The active ones, or with archived: true the archived ones."
      jobRequestsByMembershipAndUser(membership: String!, user: ID, archived: Boolean): [JobRequests!]!
    }
    extend type Mutation {
      createJobRequests(input: CreateJobRequestsInput!): JobRequests!
      updateJobRequests(input: UpdateJobRequestsInput!): JobRequests!
      "Only before a quote of it was accepted, while pending, declined or cancelled; an accepted job is kept (admins archive it)."
      deleteJobRequests(input: DeleteInput!): JobRequests!
    }
  `,
  resolvers: {
    Query: {
      listJobRequests: (_: unknown, args: { filter?: { user?: { eq?: string | null } | null } | null; limit?: number | null; archived?: boolean | null }, { actor }) => {
        const user = args.filter?.user?.eq ?? null
        return listJobRequests({ actor, user, all: !user, limit: args.limit ?? undefined, archived: args.archived ? 'only' : 'exclude' })
      },
      getJobRequests: (_: unknown, args: { id: string }, { actor }) => getJobRequest({ actor, id: args.id }),
      jobRequestsByMembershipAndUser: (_: unknown, args: { membership: string; user?: string | null; archived?: boolean | null }, { actor }) =>
        listJobRequestsByMembership({ actor, membership: args.membership, user: args.user, archived: args.archived ? 'only' : 'exclude' }),
    },
    Mutation: {
      createJobRequests: (_: unknown, { input: { user, files, status: _status, membership: _membership, ...fields } }: { input: CreateJobRequestsInput }, { actor }) =>
        createJobRequest({ actor, user, files, input: fields }),
      updateJobRequests: (_: unknown, args: { input: { id: string; files: string } }, { actor }) =>
        updateJobRequest({ actor, id: args.input.id, files: args.input.files }),
      deleteJobRequests: (_: unknown, args: { input: { id: string } }, { actor }) => deleteJobRequest({ actor, id: args.input.id }),
    },
  },
}
