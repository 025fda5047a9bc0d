import { countUnreadMessages } from '../../services/jobs/count-unread-messages'
import { decideQuote } from '../../services/jobs/decide-quote'
import { getJob } from '../../services/jobs/get-job'
import { markJobRead } from '../../services/jobs/mark-job-read'
import { moveJobStage } from '../../services/jobs/move-job-stage'
import { postJobMessage } from '../../services/jobs/post-job-message'
import { sendQuote } from '../../services/jobs/send-quote'
import { setJobArchived } from '../../services/jobs/set-job-archived'
import { setJobUpdateMails } from '../../services/profiles/set-job-update-mails'
import type { JobRequest } from '../../services/jobs/job-request-types'
import type { GraphqlModule } from './graphql-module'

/**
 * A job's life after its request, over GraphQL: the same services, and so the same rules, as the job
 * page. Money is in pence (integers); stages are pending, quoted, accepted, in_progress, in_review,
 * released, completed, declined, cancelled.
 */
export const jobsModule: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    type JobEvent {
      id: ID!
      "null for the request itself"
      from: String
      to: String!
      by: String!
      "client or consultancy"
      side: String!
      note: String
      at: String!
    }
    type QuoteLine {
      "service, course or free"
      kind: String!
      description: String!
      quantity: Float!
      "hour, day or null"
      unit: String
      unitPricePence: Int!
      amountPence: Int!
    }
    type Quote {
      id: ID!
      number: String!
      "sent, accepted, declined or superseded"
      status: String!
      lines: [QuoteLine!]!
      vatPercent: Float!
      subtotalPence: Int!
      vatPence: Int!
      totalPence: Int!
      validUntil: String!
      expired: Boolean!
      note: String
      declineReason: String
      createdAt: String!
      decidedAt: String
      "The quote as a PDF (with the session cookie or an API token)."
      pdfUrl: String!
    }
    type JobFile {
      path: String!
      name: String!
      size: Float!
      url: String!
      "Where the file's picture is served once the viewer has rendered it, else null."
      thumbnailUrl: String
      "The caller may set that picture: the file's uploader, or an admin."
      canSetThumbnail: Boolean!
    }
    type JobMessage {
      id: ID!
      body: String!
      author: String!
      side: String!
      mine: Boolean!
      files: [JobFile!]!
      at: String!
    }
    "What the viewer may do with the job at its stage: the table every operation is checked against."
    type JobAbilities {
      "See the job, its files and its thread."
      view: Boolean!
      "Stages the viewer may move the job to by hand."
      move: [String!]!
      quote: Boolean!
      decide: Boolean!
      deliver: Boolean!
      removeDeliverables: Boolean!
      readDeliverables: Boolean!
      "Decide on the issued revisions of the release waiting for the client: an approver or owner of the job's company, while the job is released."
      signOff: Boolean!
      "Write on the job's thread."
      message: Boolean!
      "Add documents to the job's files."
      addFiles: Boolean!
      "Delete the job with everything it holds: only before a quote of it was accepted, while pending, declined or cancelled."
      delete: Boolean!
      "Archive it (admins, once completed, cancelled or declined): hidden from the job lists, everything kept."
      archive: Boolean!
      "Bring it back from the archive (admins)."
      unarchive: Boolean!
    }
    type Job {
      job: JobRequests!
      side: String!
      can: JobAbilities!
      timeline: [JobEvent!]!
      quotes: [Quote!]!
      files: [JobFile!]!
      "null for the client until the job's first release; the client sees the revisions issued to it"
      deliverables: [JobFile!]
      messages: [JobMessage!]!
    }
    input QuoteLineInput {
      "service (service, hours), course (course, days) or free (description, amount in pounds)"
      kind: String!
      service: String
      hours: Float
      course: String
      days: Float
      description: String
      amount: Float
    }
    input SendQuoteInput {
      lines: [QuoteLineInput!]!
      "YYYY-MM-DD"
      validUntil: String!
      note: String
    }
    extend type JobRequests {
      "Messages on the job's thread the caller has not read."
      unreadMessages: Int!
    }
    extend type Query {
      "A job's page: its owner or an admin."
      job(id: ID!): Job!
    }
    extend type Mutation {
      "Admins: quote a pending, quoted or declined job."
      sendQuote(jobId: ID!, input: SendQuoteInput!): Quote!
      "The job's client: accept the quote waiting for an answer (not an expired one)."
      acceptQuote(jobId: ID!): Quote!
      "The job's client: decline the quote waiting for an answer, saying why."
      declineQuote(jobId: ID!, reason: String!): Quote!
      "A move by hand: admins through the work (closing a released job needs a note), the client cancelling its own request before accepting."
      moveJobStage(jobId: ID!, to: String!, note: String): JobRequests!
      "Write on the job's thread; files are paths uploaded into job-messages/<jobId>/."
      postJobMessage(jobId: ID!, body: String, files: [String!]): JobMessage!
      "The caller has read the job's thread."
      markJobRead(jobId: ID!): Boolean!
      "Mail about stage changes and the consultancy's messages (own; admins: any client's)."
      setJobUpdateMails(enabled: Boolean!, userId: ID): Boolean!
      "Admins: archive a completed, cancelled or declined job (hidden from the job lists; everything is kept)."
      archiveJob(jobId: ID!): JobRequests!
      "Admins: bring an archived job back among the active ones."
      unarchiveJob(jobId: ID!): JobRequests!
    }
  `,
  resolvers: {
    JobRequests: {
      unreadMessages: async (job: JobRequest, _: unknown, { actor }) => (await countUnreadMessages({ actor, jobIds: [job.id] })).get(job.id) ?? 0,
    },
    Query: {
      job: (_: unknown, args: { id: string }, { actor }) => getJob({ actor, id: args.id }),
    },
    Mutation: {
      sendQuote: (_: unknown, args: { jobId: string; input: { lines: Record<string, unknown>[]; validUntil: string; note?: string | null } }, { actor }) =>
        sendQuote({
          actor,
          jobId: args.jobId,
          input: {
            ...args.input,
            note: args.input.note ?? undefined,
            lines: args.input.lines.map((l) => Object.fromEntries(Object.entries(l).filter(([, v]) => v !== null))) as never,
          },
        }),
      acceptQuote: (_: unknown, args: { jobId: string }, { actor }) => decideQuote({ actor, jobId: args.jobId, decision: 'accept' }),
      declineQuote: (_: unknown, args: { jobId: string; reason: string }, { actor }) => decideQuote({ actor, jobId: args.jobId, decision: 'decline', reason: args.reason }),
      moveJobStage: (_: unknown, args: { jobId: string; to: string; note?: string | null }, { actor }) => moveJobStage({ actor, jobId: args.jobId, to: args.to, note: args.note }),
      postJobMessage: (_: unknown, args: { jobId: string; body?: string | null; files?: string[] | null }, { actor }) => postJobMessage({ actor, jobId: args.jobId, body: args.body, files: args.files }),
      markJobRead: async (_: unknown, args: { jobId: string }, { actor }) => (await markJobRead({ actor, id: args.jobId }), true),
      archiveJob: (_: unknown, args: { jobId: string }, { actor }) => setJobArchived({ actor, jobId: args.jobId, archived: true }),
      unarchiveJob: (_: unknown, args: { jobId: string }, { actor }) => setJobArchived({ actor, jobId: args.jobId, archived: false }),
      setJobUpdateMails: async (_: unknown, args: { enabled: boolean; userId?: string | null }, { actor }) => (await setJobUpdateMails({ actor, userId: args.userId, enabled: args.enabled })).jobUpdateMails,
    },
  },
}
