import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { comments, companyInvitations, contacts, jobRequests, passkeys, revisionComments } from '../../../../server/db/schema'
import { invitationTokenHash } from '../../../../server/services/companies/invite-member'
import { gltfTexturedCube } from '../../../fixtures/cad-files'
import { nextTotpCode } from '../../../setup/totp'
import { factorsOf, signIn, signUpAndVerify, STRONG_PASSWORD, turnOnTwoFactor, userIdOf } from './accounts'
import { gqlData, HttpClient } from './http-client'
import { startPortalServer, type PortalServer } from './portal-server'
import { encodeMetadata, PDF_BYTES, PNG_1PX, tusUpload } from './tus-upload'
import { companyIdOf, moveIntoCompany } from '../../../setup/company-of'
import { certificateUrl, transmittalUrl } from '../../../../lib/review-documents'
import { seedIssuedRevisions } from './issued-revisions'
import { seedDecision, seedRelease } from './seed-review'

/**
 * Who asks: a guest; the owner (the client whose jobs, files and account the operations are about);
 * the owner's colleagues in the owner's company, one of each other role (approver, member, viewer);
 * another client, of a company of their own; and an admin (the consultancy).
 */
export type Role = 'guest' | 'owner' | 'approver' | 'member' | 'viewer' | 'other' | 'admin'
const roles: Role[] = ['guest', 'owner', 'approver', 'member', 'viewer', 'other', 'admin']
/** The owner's colleagues: members of the owner's company with the role of their name. */
const colleagues = ['approver', 'member', 'viewer'] as const satisfies readonly Role[]
/**
 * allow; deny (Unauthorized: not theirs to do); refused (CONFLICT, 409: theirs to ask, but the thing's
 * state forbids it for them, e.g. an admin deleting a job whose quote was accepted).
 */
type Outcome = 'allow' | 'deny' | 'refused'
type Expect = Record<Role, Outcome>

/** The roles allowed, those refused by the thing's state; every other role is denied. */
const allowing = (allowed: readonly Role[], refused: readonly Role[] = []): Expect =>
  Object.fromEntries(roles.map((role) => [role, allowed.includes(role) ? 'allow' : refused.includes(role) ? 'refused' : 'deny'])) as Expect
/** Every client: the owner, the colleagues and the other client. */
const clientRoles = ['owner', ...colleagues, 'other'] as const satisfies readonly Role[]
const everyone = allowing(roles)
const signedIn = allowing([...clientRoles, 'admin'])
const adminOnly = allowing(['admin'])
const nobody = allowing([])
/** Nobody; only the consultancy is told why (the thing's state). */
const refusedToAdmin = allowing([], ['admin'])
/**
 * What belongs to the owner as a person, not to the company (their user-box, profile, mail settings,
 * comments), or a call that names the owner as whom it is for: the owner, and the consultancy acting
 * for them. A colleague is anyone else here.
 */
const personal = allowing(['owner', 'admin'])
/** The owner's alone, not even the consultancy's (their API tokens, sessions, passkeys, the words of their comments). */
const ownerAlone = allowing(['owner'])
/** The company's jobs, read: every member of the owner's company, whatever their role, and the consultancy. */
const companyReads = allowing(['owner', ...colleagues, 'admin'])
/** Work on the company's jobs: every member but a viewer (who only reads), and the consultancy. */
const companyWorks = allowing(['owner', 'approver', 'member', 'admin'])
/** A job requested for one's own company: every client but a viewer (who only reads), and the consultancy. */
const requesters = allowing(['owner', 'approver', 'member', 'other', 'admin'])
/** The company's details and members: its owners, and the consultancy. */
const companyManages = allowing(['owner', 'admin'])
/** Each one's own company's name, through their own profile: every owner (the owner, the other client and the admin each own theirs); a colleague is refused. */
const ownersOfTheirCompany = allowing(['owner', 'other', 'admin'])
/** A quote's answer: the company's owners and approvers (not a member or viewer, not the consultancy). */
const companyDecides = allowing(['owner', 'approver'])

interface World {
  portal: PortalServer
  clients: Record<Role, HttpClient>
  ownerId: string
  /** The owner's company, of which the approver, the member and the viewer are members too. */
  ownerCompanyId: string
  viewerId: string
  jobId: string
  /** A published post, with the owner's published comment (commentId) and one waiting for approval (pendingCommentId). */
  postId: string
  postSlug: string
  commentId: string
  pendingCommentId: string
  /** A draft post, with a picture (draftPicture); publishedPicture is one of postId's. */
  draftId: string
  draftSlug: string
  draftPicture: string
  publishedPicture: string
  contactId: string
  submissionPath: string
  /** A fresh job request of the owner (for destructive operations). */
  freshJob(): Promise<string>
  /** A job the owner withdrew (deleted): its tombstone is left. */
  withdrawnJobId: string
  /** A fresh job of the owner with a quote waiting for the owner's answer. */
  freshQuotedJob(): Promise<string>
  /** A fresh job of the owner whose quote the owner accepted. */
  freshAcceptedJob(): Promise<string>
  /** A fresh job of the owner, accepted, worked on and released (a deliverable issued to the client). */
  freshReleasedJob(): Promise<string>
  /** A fresh job of the owner released with one revision issued, waiting for the client's decision. */
  freshIssuedRevision(): Promise<{ jobId: string; revisionId: string }>
  /** A fresh released job of the owner that the consultancy closed with a note: completed. */
  freshCompletedJob(): Promise<string>
  /** A fresh completed job of the owner that the consultancy archived. */
  freshArchivedJob(): Promise<string>
  /** A model the consultancy sent on jobId's thread (a path the server named). */
  consultancyThreadModel: string
  /** The owner's thread file of jobId (note.pdf, under the name the server made). */
  ownerThreadFile: string
  /** A job of the owner that was released, with a deliverable (report.pdf) issued to the client. */
  releasedJobId: string
  /** jobId's deliverable report.pdf, never released (a path the server named). */
  jobDeliverable: string
  /** releasedJobId's deliverable report.pdf, issued by its release (a path the server named). */
  releasedDeliverable: string
  /** A quote of jobId, as its PDF's path. */
  quotePdf: string
  /** A job of the owner with release 1 (one revision) and the owner's decision on it. */
  reviewedJobId: string
  /** A fresh published comment of the owner on postId. */
  freshComment(): Promise<string>
  /** A fresh draft post. */
  freshPost(): Promise<string>
  freshPublishedPost(): Promise<string>
  freshContact(): Promise<string>
  /** A fresh API token of the owner (its id). */
  freshToken(): Promise<string>
  /** A fresh invitation to the owner's company, waiting (its id). */
  freshInvitation(): Promise<string>
  /** A fresh file the owner uploaded: to their user-box, their profile pictures or jobId's files. */
  freshFile(kind: 'user-box' | 'profile-pictures' | 'job-files'): Promise<string>
  /** A fresh deliverable of jobId (never released), uploaded by the consultancy: one it may take back. */
  freshDeliverable(): Promise<string>
  /** A fresh session of the owner's, signed in elsewhere (its id). */
  freshOwnerSession(): Promise<string>
  /** A fresh passkey of the owner's (its id). */
  freshOwnerPasskey(): Promise<string>
}

interface GqlOp {
  name: string
  expect: Expect
  /** What a refused role is told, when not "Unauthorized": a draft or a held comment is "not found" to those who may not see it. */
  refusal?: string
  query: string
  variables: (w: World) => Promise<Record<string, unknown>> | Record<string, unknown>
}

/** What World makes afresh for one operation, each call a new record: its id. */
type FreshRecord = { [K in keyof World]: World[K] extends () => Promise<string> ? K : never }[keyof World]

/** An operation on a record made for it by `fresh`, whose id the query reads as $id. */
const onFresh = (name: string, expect: Expect, fresh: FreshRecord, query: string): GqlOp => ({ name, expect, query, variables: async (w) => ({ id: await w[fresh]() }) })

const gqlOps: GqlOp[] = [
  { name: 'me', expect: everyone, query: '{ me { userId } }', variables: () => ({}) },
  { name: 'profile (own)', expect: signedIn, query: '{ profile { userId } }', variables: () => ({}) },
  { name: "profile (owner's)", expect: personal, query: 'query($u: ID) { profile(userId: $u) { userId } }', variables: (w) => ({ u: w.ownerId }) },
  { name: 'clients', expect: adminOnly, query: '{ clients { Username } }', variables: () => ({}) },
  {
    name: "updateProfile (owner's)",
    expect: personal,
    query: 'mutation($u: ID, $i: ProfileInput!) { updateProfile(userId: $u, input: $i) { userId } }',
    variables: (w) => ({ u: w.ownerId, i: { custom_companyName: 'Acme' } }),
  },
  { name: 'listJobRequests (own)', expect: signedIn, query: '{ listJobRequests { id } }', variables: () => ({}) },
  {
    name: "listJobRequests (filter: owner's)",
    expect: personal,
    query: 'query($u: String) { listJobRequests(filter: { user: { eq: $u } }) { id } }',
    variables: (w) => ({ u: w.ownerId }),
  },
  { name: "getJobRequests (owner's)", expect: companyReads, query: 'query($id: ID!) { getJobRequests(id: $id) { id } }', variables: (w) => ({ id: w.jobId }) },
  {
    name: "jobRequestsByMembershipAndUser (owner's)",
    expect: personal,
    query: 'query($u: ID) { jobRequestsByMembershipAndUser(membership: "true", user: $u) { id } }',
    variables: (w) => ({ u: w.ownerId }),
  },
  {
    name: 'createJobRequests (for self)',
    expect: requesters,
    query: 'mutation { createJobRequests(input: { job: "CFD", priority: "2", files: "[]" }) { id status } }',
    variables: () => ({}),
  },
  {
    name: 'createJobRequests (for the owner)',
    expect: personal,
    query: 'mutation($u: ID) { createJobRequests(input: { user: $u, job: "FEA" }) { id } }',
    variables: (w) => ({ u: w.ownerId }),
  },
  {
    name: "updateJobRequests (owner's, its own stored files)",
    expect: companyWorks,
    query: 'mutation($id: ID!, $f: String!) { updateJobRequests(input: { id: $id, files: $f }) { id } }',
    variables: (w) => ({ id: w.jobId, f: JSON.stringify([`job-files/${w.jobId}/plan.pdf`]) }),
  },
  onFresh("deleteJobRequests (owner's)", companyWorks, 'freshJob', 'mutation($id: ID!) { deleteJobRequests(input: { id: $id }) { id } }'),
  // Accepted: the consultancy's record from then on, deleted by nobody.
  onFresh("deleteJobRequests (owner's accepted job)", refusedToAdmin, 'freshAcceptedJob', 'mutation($id: ID!) { deleteJobRequests(input: { id: $id }) { id } }'),
  { name: 'listJobRequests (own, archived)', expect: signedIn, query: '{ listJobRequests(archived: true) { id archivedAt } }', variables: () => ({}) },
  { name: "archiveJob (owner's completed job)", expect: adminOnly, query: 'mutation($id: ID!) { archiveJob(jobId: $id) { id archivedAt } }', variables: async (w) => ({ id: await w.freshCompletedJob() }) },
  // Released, the job waits for the client's sign-off: not finished, not archived.
  { name: "archiveJob (owner's released job)", expect: refusedToAdmin, query: 'mutation($id: ID!) { archiveJob(jobId: $id) { id } }', variables: async (w) => ({ id: await w.freshReleasedJob() }) },
  { name: "archiveJob (owner's pending job)", expect: refusedToAdmin, query: 'mutation($id: ID!) { archiveJob(jobId: $id) { id } }', variables: async (w) => ({ id: await w.freshJob() }) },
  { name: "unarchiveJob (owner's archived job)", expect: adminOnly, query: 'mutation($id: ID!) { unarchiveJob(jobId: $id) { id archivedAt } }', variables: async (w) => ({ id: await w.freshArchivedJob() }) },
  { name: "job (owner's)", expect: companyReads, query: 'query($id: ID!) { job(id: $id) { side can { move delete archive unarchive } } }', variables: (w) => ({ id: w.jobId }) },
  {
    name: "sendQuote (owner's pending job)",
    expect: adminOnly,
    query: 'mutation($id: ID!, $i: SendQuoteInput!) { sendQuote(jobId: $id, input: $i) { id } }',
    variables: async (w) => ({ id: await w.freshJob(), i: { validUntil: '2999-01-01', lines: [{ kind: 'service', service: 'cad', hours: 2 }] } }),
  },
  { name: "acceptQuote (owner's quoted job)", expect: companyDecides, query: 'mutation($id: ID!) { acceptQuote(jobId: $id) { id } }', variables: async (w) => ({ id: await w.freshQuotedJob() }) },
  onFresh("declineQuote (owner's quoted job)", companyDecides, 'freshQuotedJob', 'mutation($id: ID!) { declineQuote(jobId: $id, reason: "Too dear") { id } }'),
  onFresh("moveJobStage to in_progress (owner's accepted job)", adminOnly, 'freshAcceptedJob', 'mutation($id: ID!) { moveJobStage(jobId: $id, to: "in_progress") { id } }'),
  onFresh("moveJobStage to cancelled (owner's pending job)", companyWorks, 'freshJob', 'mutation($id: ID!) { moveJobStage(jobId: $id, to: "cancelled") { id } }'),
  onFresh("moveJobStage to completed with a note (owner's released job: closed without the client's acceptance)", adminOnly, 'freshReleasedJob', 'mutation($id: ID!) { moveJobStage(jobId: $id, to: "completed", note: "No answer after three reminders") { id } }'),
  {
    name: "decideRevision (an issued revision of the owner's released job)",
    expect: companyDecides,
    query: 'mutation($id: ID!, $r: ID!) { decideRevision(jobId: $id, revisionId: $r, decision: "accepted") { acceptedCode } }',
    variables: async (w) => {
      const { jobId, revisionId } = await w.freshIssuedRevision()
      return { id: jobId, r: revisionId }
    },
  },
  {
    name: "revisionComments (an issued revision of the owner's job)",
    expect: companyReads,
    query: 'query($id: ID!, $r: ID!) { revisionComments(jobId: $id, revisionId: $r) { id body view { kind } replies { body } } }',
    variables: async (w) => {
      const { jobId, revisionId } = await w.freshIssuedRevision()
      return { id: jobId, r: revisionId }
    },
  },
  {
    name: "addRevisionComment (an issued revision of the owner's job, pinned)",
    expect: companyWorks,
    query: 'mutation($id: ID!, $r: ID!, $v: PinnedViewInput) { addRevisionComment(jobId: $id, revisionId: $r, body: "Thin wall here", view: $v) }',
    variables: async (w) => {
      const { jobId, revisionId } = await w.freshIssuedRevision()
      return { id: jobId, r: revisionId, v: { kind: 'model', point: [1, 2, 3], camera: { position: [10, 10, 10], target: [0, 0, 0], up: [0, 0, 1] }, sections: [], hiddenParts: [] } }
    },
  },
  {
    name: "addRevisionComment (a reply to a comment on an issued revision of the owner's job)",
    expect: companyWorks,
    query: 'mutation($id: ID!, $r: ID!, $p: ID) { addRevisionComment(jobId: $id, revisionId: $r, parentId: $p, body: "Agreed") }',
    variables: async (w) => {
      const { jobId, revisionId } = await w.freshIssuedRevision()
      const p = await gqlData<{ addRevisionComment: string }>(w.clients.admin, 'mutation($id: ID!, $r: ID!) { addRevisionComment(jobId: $id, revisionId: $r, body: "Our note") }', { id: jobId, r: revisionId })
      return { id: jobId, r: revisionId, p: p.addRevisionComment }
    },
  },
  {
    name: "resolveRevisionComment (a comment on an issued revision of the owner's job)",
    expect: companyWorks,
    query: 'mutation($id: ID!, $c: ID!) { resolveRevisionComment(jobId: $id, commentId: $c, resolved: true) { id resolved } }',
    variables: async (w) => {
      const { jobId, revisionId } = await w.freshIssuedRevision()
      const c = await gqlData<{ addRevisionComment: string }>(w.clients.admin, 'mutation($id: ID!, $r: ID!) { addRevisionComment(jobId: $id, revisionId: $r, body: "Our note") }', { id: jobId, r: revisionId })
      return { id: jobId, c: c.addRevisionComment }
    },
  },
  { name: "postJobMessage (owner's job)", expect: companyWorks, query: 'mutation($id: ID!) { postJobMessage(jobId: $id, body: "Hello") { id } }', variables: (w) => ({ id: w.jobId }) },
  { name: "markJobRead (owner's job)", expect: companyReads, query: 'mutation($id: ID!) { markJobRead(jobId: $id) }', variables: (w) => ({ id: w.jobId }) },
  { name: "setJobUpdateMails (owner's)", expect: personal, query: 'mutation($u: ID) { setJobUpdateMails(enabled: true, userId: $u) }', variables: (w) => ({ u: w.ownerId }) },
  { name: 'listBlogPosts', expect: everyone, query: '{ listBlogPosts { id comments { id } } }', variables: () => ({}) },
  { name: 'listBlogPosts (drafts asked for; others get the published)', expect: everyone, query: '{ listBlogPosts(includeDrafts: true) { id } }', variables: () => ({}) },
  { name: 'getBlogPost (published)', expect: everyone, query: 'query($id: ID!) { getBlogPost(id: $id) { id html } }', variables: (w) => ({ id: w.postId }) },
  { name: 'getBlogPost (draft)', expect: adminOnly, refusal: 'Blog post not found', query: 'query($id: ID!) { getBlogPost(id: $id) { id } }', variables: (w) => ({ id: w.draftId }) },
  { name: 'createBlogPost', expect: adminOnly, query: 'mutation { createBlogPost(input: { title: "T" }) { id } }', variables: () => ({}) },
  {
    name: 'updateBlogPost',
    expect: adminOnly,
    query: 'mutation($id: ID!) { updateBlogPost(id: $id, input: { title: "U" }) { id } }',
    variables: (w) => ({ id: w.postId }),
  },
  { name: 'publishBlogPost (draft)', expect: adminOnly, query: 'mutation($id: ID!) { publishBlogPost(id: $id) { id } }', variables: async (w) => ({ id: await w.freshPost() }) },
  { name: 'unpublishBlogPost', expect: adminOnly, query: 'mutation($id: ID!) { unpublishBlogPost(id: $id) { id } }', variables: async (w) => ({ id: await w.freshPublishedPost() }) },
  onFresh('deleteBlogPost', adminOnly, 'freshPost', 'mutation($id: ID!) { deleteBlogPost(input: { id: $id }) { id } }'),
  { name: 'previewBlogPost', expect: adminOnly, query: 'query { previewBlogPost(content: "# Hi") }', variables: () => ({}) },
  { name: 'blogSettings', expect: everyone, query: '{ blogSettings { holdComments } }', variables: () => ({}) },
  { name: 'updateBlogSettings', expect: adminOnly, query: 'mutation { updateBlogSettings(input: { holdComments: true }) { holdComments } }', variables: () => ({}) },
  { name: 'listComments', expect: everyone, query: '{ listComments { id } }', variables: () => ({}) },
  { name: 'getComment (published)', expect: everyone, query: 'query($id: ID!) { getComment(id: $id) { id } }', variables: (w) => ({ id: w.commentId }) },
  { name: "getComment (owner's, waiting for approval)", expect: personal, refusal: 'Comment not found', query: 'query($id: ID!) { getComment(id: $id) { id } }', variables: (w) => ({ id: w.pendingCommentId }) },
  {
    name: 'createComment (published post)',
    expect: signedIn,
    query: 'mutation($p: ID!) { createComment(input: { blogPostId: $p, comment: "Nice" }) { id } }',
    variables: (w) => ({ p: w.postId }),
  },
  // Nobody edits another's words, admins included: they approve, hide or delete.
  onFresh("updateComment (owner's)", ownerAlone, 'freshComment', 'mutation($id: ID!) { updateComment(id: $id, input: { comment: "Edited" }) { id } }'),
  onFresh("deleteComment (owner's)", personal, 'freshComment', 'mutation($id: ID!) { deleteComment(input: { id: $id }) { id } }'),
  { name: "moderateComment (owner's)", expect: adminOnly, query: 'mutation($id: ID!) { moderateComment(id: $id, decision: "approve") { id } }', variables: async (w) => ({ id: await w.freshComment() }) },
  {
    name: 'createContact',
    expect: everyone,
    query: 'mutation { createContact(input: { name: "Ada Lovelace", email: "ada@example.com", message: "Hello there" }) { id } }',
    variables: () => ({}),
  },
  { name: 'listContacts', expect: adminOnly, query: '{ listContacts { id } }', variables: () => ({}) },
  { name: 'getContact', expect: adminOnly, query: 'query($id: ID!) { getContact(id: $id) { id } }', variables: (w) => ({ id: w.contactId }) },
  {
    name: 'updateContact',
    expect: adminOnly,
    query: 'mutation($id: ID!) { updateContact(id: $id, input: { name: "Grace Hopper" }) { id } }',
    variables: (w) => ({ id: w.contactId }),
  },
  onFresh('deleteContact', adminOnly, 'freshContact', 'mutation($id: ID!) { deleteContact(input: { id: $id }) { id } }'),
  { name: "files (owner's user-box)", expect: personal, query: 'query($p: String!) { files(prefix: $p) { path } }', variables: (w) => ({ p: `user-box/${w.ownerId}/` }) },
  { name: "files (owner's job-files)", expect: companyReads, query: 'query($p: String!) { files(prefix: $p) { path } }', variables: (w) => ({ p: `job-files/${w.jobId}/` }) },
  { name: "files (owner's job-deliverables, not released)", expect: adminOnly, query: 'query($p: String!) { files(prefix: $p) { path } }', variables: (w) => ({ p: `job-deliverables/${w.jobId}/` }) },
  { name: "files (owner's job-deliverables, released)", expect: companyReads, query: 'query($p: String!) { files(prefix: $p) { path } }', variables: (w) => ({ p: `job-deliverables/${w.releasedJobId}/` }) },
  { name: "files (owner's job-messages)", expect: companyReads, query: 'query($p: String!) { files(prefix: $p) { path } }', variables: (w) => ({ p: `job-messages/${w.jobId}/` }) },
  { name: "files (owner's profile-pictures)", expect: personal, query: 'query($p: String!) { files(prefix: $p) { path } }', variables: (w) => ({ p: `profile-pictures/${w.ownerId}/` }) },
  { name: 'files (all profile-pictures)', expect: adminOnly, query: '{ files(prefix: "profile-pictures/") { path } }', variables: () => ({}) },
  { name: 'files (picture-submissions)', expect: adminOnly, query: '{ files(prefix: "picture-submissions/") { path } }', variables: () => ({}) },
  { name: "files (a published post's blog-images)", expect: adminOnly, query: 'query($p: String!) { files(prefix: $p) { path } }', variables: (w) => ({ p: `blog-images/${w.postId}/` }) },
  {
    name: "deleteFile (owner's user-box)",
    expect: personal,
    query: 'mutation($p: String!) { deleteFile(path: $p) }',
    variables: async (w) => ({ p: await w.freshFile('user-box') }),
  },
  {
    name: "deleteFile (owner's job-files)",
    expect: companyWorks,
    query: 'mutation($p: String!) { deleteFile(path: $p) }',
    variables: async (w) => ({ p: await w.freshFile('job-files') }),
  },
  {
    name: "deleteFile (owner's profile picture)",
    expect: personal,
    query: 'mutation($p: String!) { deleteFile(path: $p) }',
    variables: async (w) => ({ p: await w.freshFile('profile-pictures') }),
  },
  { name: 'apiTokens', expect: signedIn, query: '{ apiTokens { id } }', variables: () => ({}) },
  { name: 'createApiToken', expect: signedIn, query: 'mutation { createApiToken(name: "script") { id token } }', variables: () => ({}) },
  // A token is its owner's alone: an admin does not revoke (or see) a client's tokens.
  { name: "revokeApiToken (owner's)", expect: ownerAlone, query: 'mutation($id: ID!) { revokeApiToken(id: $id) }', variables: async (w) => ({ id: await w.freshToken() }) },
  { name: 'accountSecurity (own)', expect: signedIn, query: '{ accountSecurity { twoFactorEnabled recoveryCodesLeft passkeys { id } secondFactorRequired } }', variables: () => ({}) },
  { name: 'sessions (own)', expect: signedIn, query: '{ sessions { id current place } }', variables: () => ({}) },
  { name: 'myActivity (own)', expect: signedIn, query: '{ myActivity { entries { action } hasMore } }', variables: () => ({}) },
  { name: 'activityLog (everyone\'s)', expect: adminOnly, query: '{ activityLog { entries { action accountEmail } } }', variables: () => ({}) },
  {
    name: "activityLog (filtered to the owner's account)",
    expect: adminOnly,
    query: 'query($f: ActivityFilter) { activityLog(filter: $f) { entries { action } } }',
    variables: () => ({ f: { account: 'owner@example.test' } }),
  },
  { name: 'activityLogCsv', expect: adminOnly, query: '{ activityLogCsv }', variables: () => ({}) },
  { name: 'startTwoFactorSetup (own; on already: refused)', expect: allowing(clientRoles, ['admin']), query: 'mutation($p: String!) { startTwoFactorSetup(password: $p) { secret } }', variables: () => ({ p: STRONG_PASSWORD }) },
  { name: 'renewRecoveryCodes (own; not on: refused)', expect: allowing(['admin'], clientRoles), query: 'mutation($p: String!) { renewRecoveryCodes(password: $p) { recoveryCodes } }', variables: () => ({ p: STRONG_PASSWORD }) },
  { name: 'endOtherSessions (own)', expect: signedIn, query: 'mutation { endOtherSessions }', variables: () => ({}) },
  { name: "endSession (the owner's other session)", expect: ownerAlone, query: 'mutation($id: ID!) { endSession(id: $id) }', variables: async (w) => ({ id: await w.freshOwnerSession() }) },
  { name: "renamePasskey (the owner's)", expect: ownerAlone, query: 'mutation($id: ID!) { renamePasskey(id: $id, name: "Laptop") { id name } }', variables: async (w) => ({ id: await w.freshOwnerPasskey() }) },
  { name: "removePasskey (the owner's)", expect: ownerAlone, query: 'mutation($id: ID!) { removePasskey(id: $id) }', variables: async (w) => ({ id: await w.freshOwnerPasskey() }) },
]

interface FileOp {
  name: string
  expect: Expect
  run(c: HttpClient, w: World): Promise<number>
  /** The status of success, when not 200 (a form that redirects). */
  allowed?: number
  /** The status a refused role gets besides 401 and 403 (a draft's page is "not found" to them). */
  denied?: number
}

/**
 * Each role's outcome of an operation answered by an HTTP status: its status of success (200 unless
 * the operation names another) is allow; 401, 403 or the operation's own refusal status is deny; 409
 * is refused; anything else is shown as it came.
 */
async function statusOutcomes(op: FileOp, w: World, success = op.allowed ?? 200): Promise<Record<string, string>> {
  const actual: Record<string, string> = {}
  for (const role of roles) {
    const status = await op.run(w.clients[role], w)
    actual[role] = status === success ? 'allow' : status === 401 || status === 403 || status === op.denied ? 'deny' : status === 409 ? 'refused' : `status ${status}`
  }
  return actual
}

const downloadOps: FileOp[] = [
  { name: 'GET profile-pictures/{owner}/logo.png', expect: everyone, run: async (c, w) => (await c.fetch(`/files/profile-pictures/${w.ownerId}/logo.png`)).status },
  { name: 'GET user-box/{owner}/brief.pdf', expect: personal, run: async (c, w) => (await c.fetch(`/files/user-box/${w.ownerId}/brief.pdf`)).status },
  { name: 'GET job-files/{job}/plan.pdf', expect: companyReads, run: async (c, w) => (await c.fetch(`/files/job-files/${w.jobId}/plan.pdf`)).status },
  { name: 'GET job-deliverables/{job}/{report.pdf} (not released)', expect: adminOnly, run: async (c, w) => (await c.fetch(`/files/${w.jobDeliverable}`)).status },
  { name: 'GET job-deliverables/{released job}/{report.pdf}', expect: companyReads, run: async (c, w) => (await c.fetch(`/files/${w.releasedDeliverable}`)).status },
  { name: "GET job-messages/{job}/{the owner's note.pdf}", expect: companyReads, run: async (c, w) => (await c.fetch(`/files/${w.ownerThreadFile}`)).status },
  { name: 'GET the quote of {job} as PDF', expect: companyReads, run: async (c, w) => (await c.fetch(w.quotePdf)).status },
  { name: 'GET the transmittal of {reviewed job} release 1 as PDF', expect: companyReads, run: async (c, w) => (await c.fetch(transmittalUrl(w.reviewedJobId, 1))).status },
  { name: 'GET the certificate of {reviewed job} as PDF', expect: companyReads, run: async (c, w) => (await c.fetch(certificateUrl(w.reviewedJobId))).status },
  {
    name: "GET user-box/{owner}/model.gltf?reference=texture.png (a file the owner's model names)",
    expect: personal,
    run: async (c, w) => (await c.fetch(`/files/user-box/${w.ownerId}/model.gltf?reference=texture.png`)).status,
  },
  { name: 'GET /thumbnails/user-box/{owner}/cube.stl', expect: personal, run: async (c, w) => (await c.fetch(`/thumbnails/user-box/${w.ownerId}/cube.stl`)).status },
  { name: 'GET picture-submissions/{guest upload}', expect: adminOnly, run: async (c, w) => (await c.fetch(`/files/${w.submissionPath}`)).status },
  { name: "GET blog-images/{published post}/plot.png", expect: everyone, run: async (c, w) => (await c.fetch(`/files/${w.publishedPicture}`)).status },
  { name: 'GET blog-images/{draft}/plot.png', expect: adminOnly, run: async (c, w) => (await c.fetch(`/files/${w.draftPicture}`)).status },
]

const uploadOps: FileOp[] = [
  // Each upload under a name of its own: an upload over a file someone else uploaded is refused, as below.
  { name: 'upload user-box/{owner}', expect: personal, run: async (c, w) => (await tusUpload(c, PDF_BYTES, { filename: `u-${randomUUID()}.pdf`, kind: 'user-box', ownerId: w.ownerId })).status },
  {
    name: "upload user-box/{owner} over the consultancy's file there (from-us.pdf)",
    expect: allowing(['admin'], ['owner']),
    run: async (c, w) => (await tusUpload(c, PDF_BYTES, { filename: 'from-us.pdf', kind: 'user-box', ownerId: w.ownerId })).status,
  },
  {
    name: 'upload job-files/{job}',
    expect: companyWorks,
    run: async (c, w) => (await tusUpload(c, PDF_BYTES, { filename: `j-${randomUUID()}.pdf`, kind: 'job-files', jobRequestId: w.jobId })).status,
  },
  {
    name: 'upload job-deliverables/{job}',
    expect: adminOnly,
    run: async (c, w) => (await tusUpload(c, PDF_BYTES, { filename: 'd.pdf', kind: 'job-deliverables', jobRequestId: w.jobId })).status,
  },
  {
    name: 'upload job-messages/{job}',
    expect: companyWorks,
    run: async (c, w) => (await tusUpload(c, PDF_BYTES, { filename: 'm.pdf', kind: 'job-messages', jobRequestId: w.jobId })).status,
  },
  {
    name: 'upload profile-pictures/{owner}',
    expect: personal,
    run: async (c, w) => (await tusUpload(c, PNG_1PX, { filename: `p-${randomUUID()}.png`, filetype: 'image/png', kind: 'profile-pictures', ownerId: w.ownerId })).status,
  },
  {
    name: 'upload picture-submissions',
    expect: everyone,
    run: async (c) => (await tusUpload(c, PNG_1PX, { filename: 's.png', filetype: 'image/png', kind: 'picture-submissions' })).status,
  },
  {
    name: 'PUT /thumbnails/user-box/{owner}/cube.stl',
    expect: personal,
    run: async (c, w) => (await c.fetch(`/thumbnails/user-box/${w.ownerId}/cube.stl`, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array(PNG_1PX) })).status,
  },
  {
    name: "PUT /thumbnails/job-messages/{job}/{the consultancy's model}",
    expect: adminOnly,
    run: async (c, w) => (await c.fetch(`/thumbnails/${w.consultancyThreadModel}`, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array(PNG_1PX) })).status,
  },
  {
    name: 'upload blog-images/{post}',
    expect: adminOnly,
    run: async (c, w) => (await tusUpload(c, PNG_1PX, { filename: 'b.png', filetype: 'image/png', kind: 'blog-images', blogPostId: w.draftId })).status,
  },
  {
    name: "continue the owner's upload",
    expect: ownerAlone,
    run: async (c, w) => continueUpload(c, await startUpload(w.clients.owner, PDF_BYTES, { filename: 'c.pdf', kind: 'user-box' }), PDF_BYTES),
  },
  {
    name: "continue a guest's picture upload without its key",
    expect: nobody,
    run: async (c, w) => continueUpload(c, await startUpload(new HttpClient(w.portal.url), PNG_1PX, { filename: 'g.png', filetype: 'image/png', kind: 'picture-submissions' }), PNG_1PX),
  },
]

/** A form post (what a browser without JavaScript sends to a page's action). */
const postTo = async (c: HttpClient, path: string, fields: Record<string, string>) => (await c.fetch(path, { method: 'POST', body: new URLSearchParams(fields) })).status
/** The dashboard's form post. */
const postIntent = (c: HttpClient, fields: Record<string, string>) => postTo(c, '/profile', fields)
/** A form post to a job's page. */
const postJobIntent = (c: HttpClient, id: string, fields: Record<string, string>) => c.fetch(`/profile/jobs/${id}`, { method: 'POST', body: new URLSearchParams(fields) })
/** A deleted job's page sends its viewer back to the dashboard: that is the success (200 here). */
const redirectsToDashboard = (res: Response) => (res.status >= 300 && res.status < 400 && /^\/profile(\?|$)/.test(res.headers.get('location') ?? '') ? 200 : res.status)

/** A GraphQL call as a status: 200 done, 403 Unauthorized, 409 refused by the state, 400 anything else. */
async function gqlStatus(c: HttpClient, query: string, variables: Record<string, unknown> = {}): Promise<number> {
  const r = await c.gql(query, variables)
  if (!r.errors?.length) return 200
  if (r.errors[0]!.message === 'Unauthorized') return 403
  return r.errors[0]!.extensions?.code === 'CONFLICT' ? 409 : 400
}

const disableQuery = 'mutation($p: String!, $c: String!) { disableTwoFactor(password: $p, code: $c) }'

/**
 * The sign-in settings of each role's own account that take more than one call (a code from the
 * role's authenticator app). Each leaves the account as it found it: two-factor sign-in is on for the
 * admin (admins must use it) and off for the clients.
 */
const accountOps: FileOp[] = [
  {
    name: 'enableTwoFactor (own, with the first code of a new set-up; on already: refused)',
    expect: allowing(clientRoles, ['admin']),
    run: async (c) => {
      const setup = await c.gql<{ startTwoFactorSetup: { secret: string } }>('mutation($p: String!) { startTwoFactorSetup(password: $p) { secret } }', { p: STRONG_PASSWORD })
      const secret = setup.data?.startTwoFactorSetup.secret
      if (!secret) return gqlStatus(c, 'mutation($p: String!) { startTwoFactorSetup(password: $p) { secret } }', { p: STRONG_PASSWORD })
      const status = await gqlStatus(c, 'mutation($c: String!) { enableTwoFactor(code: $c) { recoveryCodes } }', { c: await nextTotpCode(secret) })
      if (status === 200) await c.gql(disableQuery, { p: STRONG_PASSWORD, c: await nextTotpCode(secret) })
      return status
    },
  },
  {
    name: 'disableTwoFactor (own, with the password and a current code; not on: refused)',
    expect: allowing(['admin'], clientRoles),
    run: async (c, w) => {
      const secret = c === w.clients.admin ? factorsOf(c).secret : null
      const status = await gqlStatus(c, disableQuery, { p: STRONG_PASSWORD, c: secret ? await nextTotpCode(secret) : '123456' })
      if (status === 200) await turnOnTwoFactor(c)
      return status
    },
  },
]

/** Every intent of the /profile action and its list endpoints, on the owner's data. */
const dashboardOps: FileOp[] = [
  {
    name: "POST /profile intent=update-details (owner's)",
    expect: personal,
    run: (c, w) => postIntent(c, { intent: 'update-details', clientId: w.ownerId, companyName: 'Acme', phoneNumber: '01422 123456' }),
  },
  {
    name: "POST /profile intent=update-details (own, renaming one's company; a colleague's is the owner's: refused at the field, 400)",
    expect: ownersOfTheirCompany,
    denied: 400,
    run: (c) => postIntent(c, { intent: 'update-details', companyName: `Company ${randomUUID()}` }),
  },
  { name: 'POST /profile intent=create-job-request (for the owner)', expect: personal, run: (c, w) => postIntent(c, { intent: 'create-job-request', clientId: w.ownerId, job: 'FEA', priority: '4' }) },
  { name: "POST /profile intent=delete-job-request (owner's)", expect: companyWorks, run: async (c, w) => postIntent(c, { intent: 'delete-job-request', id: await w.freshJob() }) },
  { name: "POST /profile intent=delete-job-request (owner's accepted job)", expect: refusedToAdmin, run: async (c, w) => postIntent(c, { intent: 'delete-job-request', id: await w.freshAcceptedJob() }) },
  { name: "POST /profile intent=delete-file (owner's user-box)", expect: personal, run: async (c, w) => postIntent(c, { intent: 'delete-file', path: await w.freshFile('user-box') }) },
  {
    name: "POST /profile intent=set-logo (owner's upload)",
    expect: personal,
    run: async (c, w) => postIntent(c, { intent: 'set-logo', clientId: w.ownerId, path: await w.freshFile('profile-pictures') }),
  },
  {
    name: "POST /profile/company intent=update-company (the owner's company)",
    expect: companyManages,
    run: (c, w) => postTo(c, '/profile/company', { intent: 'update-company', companyId: w.ownerCompanyId, name: 'Acme Ltd', address: '', vatNumber: '' }),
  },
  {
    name: "POST /profile/company intent=invite-member (to the owner's company)",
    expect: companyManages,
    run: (c, w) => postTo(c, '/profile/company', { intent: 'invite-member', companyId: w.ownerCompanyId, email: 'invitee@example.test', role: 'member' }),
  },
  {
    name: "POST /profile/company intent=change-role (the owner's viewer stays a viewer)",
    expect: companyManages,
    run: (c, w) => postTo(c, '/profile/company', { intent: 'change-role', companyId: w.ownerCompanyId, userId: w.viewerId, role: 'viewer' }),
  },
  {
    name: "POST /profile/company intent=revoke-invitation (an invitation to the owner's company)",
    expect: companyManages,
    run: async (c, w) => postTo(c, '/profile/company', { intent: 'revoke-invitation', id: await w.freshInvitation() }),
  },
  {
    name: "POST /profile/company intent=remove-member (a member the owner's company does not have: the check comes first)",
    expect: companyManages,
    allowed: 404,
    run: (c, w) => postTo(c, '/profile/company', { intent: 'remove-member', companyId: w.ownerCompanyId, userId: 'no-such-member' }),
  },
  { name: 'GET /profile/company (one’s own company)', expect: signedIn, run: async (c) => (await c.fetch('/profile/company')).status },
  { name: "GET /profile/company?client= (the owner's company, named by the owner's id)", expect: personal, run: async (c, w) => (await c.fetch(`/profile/company?client=${w.ownerId}`)).status },
  {
    name: 'POST /join/{token} intent=accept (an invitation sent to another address)',
    expect: allowing([], [...clientRoles, 'admin']),
    run: async (c, w) => {
      const token = randomUUID()
      await w.portal.server.ctx.db.insert(companyInvitations).values({ companyId: w.ownerCompanyId, email: 'someone-else@example.test', role: 'member', tokenHash: invitationTokenHash(token), expiresAt: new Date(Date.now() + 86_400_000) })
      return postTo(c, `/join/${token}`, { intent: 'accept' })
    },
  },
  {
    name: "POST /profile/jobs/{job} intent=set-following (the owner's job)",
    expect: allowing(['owner', ...colleagues]),
    run: (c, w) => postTo(c, `/profile/jobs/${w.jobId}`, { intent: 'set-following', following: 'true' }),
  },
  {
    name: "POST /api/view-as (as the owner, read-only; stopped again)",
    expect: adminOnly,
    run: async (c, w) => {
      const started = await c.fetch('/api/view-as', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: w.ownerId }) })
      await c.fetch('/api/view-as/stop', { method: 'POST' })
      return started.status
    },
  },
  { name: "POST /profile intent=set-job-mails (owner's)", expect: personal, run: (c, w) => postIntent(c, { intent: 'set-job-mails', clientId: w.ownerId, enabled: 'on' }) },
  { name: "GET /profile/jobs/{job}/view (owner's job page's data)", expect: companyReads, run: async (c, w) => (await c.fetch(`/profile/jobs/${w.jobId}/view`)).status },
  {
    name: "GET /profile/jobs/{job}/view (owner's withdrawn job: what happened, 410)",
    expect: companyReads,
    allowed: 410,
    denied: 404,
    run: async (c, w) => (await c.fetch(`/profile/jobs/${w.withdrawnJobId}/view`)).status,
  },
  { name: "POST /profile/jobs/{job}/view (owner's job read)", expect: companyReads, run: async (c, w) => (await c.fetch(`/profile/jobs/${w.jobId}/view`, { method: 'POST' })).status },
  {
    name: "POST /profile/jobs/{job} intent=accept-quote (owner's quoted job)",
    expect: companyDecides,
    run: async (c, w) => (await c.fetch(`/profile/jobs/${await w.freshQuotedJob()}`, { method: 'POST', body: new URLSearchParams({ intent: 'accept-quote' }) })).status,
  },
  {
    name: "POST /profile/jobs/{job} intent=move-stage to=in_progress (owner's accepted job)",
    expect: adminOnly,
    run: async (c, w) => (await c.fetch(`/profile/jobs/${await w.freshAcceptedJob()}`, { method: 'POST', body: new URLSearchParams({ intent: 'move-stage', to: 'in_progress' }) })).status,
  },
  {
    name: 'POST /profile/jobs/{job} intent=remove-deliverable (one of its deliverables, not yet issued)',
    expect: adminOnly,
    run: async (c, w) => (await c.fetch(`/profile/jobs/${w.jobId}`, { method: 'POST', body: new URLSearchParams({ intent: 'remove-deliverable', path: await w.freshDeliverable() }) })).status,
  },
  {
    name: 'POST /profile/jobs/{released job} intent=remove-deliverable (its deliverable issued by the release)',
    expect: refusedToAdmin,
    run: async (c, w) => (await c.fetch(`/profile/jobs/${w.releasedJobId}`, { method: 'POST', body: new URLSearchParams({ intent: 'remove-deliverable', path: w.releasedDeliverable }) })).status,
  },
  {
    name: "POST /profile/jobs/{job} intent=delete-job (owner's pending job; done: back to the dashboard)",
    expect: companyWorks,
    run: async (c, w) => redirectsToDashboard(await postJobIntent(c, await w.freshJob(), { intent: 'delete-job' })),
  },
  { name: "POST /profile/jobs/{job} intent=delete-job (owner's accepted job)", expect: refusedToAdmin, run: async (c, w) => (await postJobIntent(c, await w.freshAcceptedJob(), { intent: 'delete-job' })).status },
  { name: "POST /profile/jobs/{job} intent=archive-job (owner's completed job)", expect: adminOnly, run: async (c, w) => (await postJobIntent(c, await w.freshCompletedJob(), { intent: 'archive-job' })).status },
  {
    name: "POST /profile/jobs/{job} intent=move-stage to=completed with a note (owner's released job)",
    expect: adminOnly,
    run: async (c, w) => (await postJobIntent(c, await w.freshReleasedJob(), { intent: 'move-stage', to: 'completed', note: 'No answer after three reminders' })).status,
  },
  {
    name: "POST /profile/jobs/{job} intent=decide-revision (an issued revision of the owner's released job)",
    expect: companyDecides,
    run: async (c, w) => {
      const { jobId, revisionId } = await w.freshIssuedRevision()
      return (await postJobIntent(c, jobId, { intent: 'decide-revision', revisionId, decision: 'accepted_with_comments', comment: 'Label the datum' })).status
    },
  },
  {
    name: "POST /profile/jobs/{job} intent=comment-revision (an issued revision of the owner's released job, pinned)",
    expect: companyWorks,
    run: async (c, w) => {
      const { jobId, revisionId } = await w.freshIssuedRevision()
      const view = { kind: 'model', point: [1, 2, 3], camera: { position: [10, 10, 10], target: [0, 0, 0], up: [0, 0, 1] }, sections: [], hiddenParts: [] }
      return (await postJobIntent(c, jobId, { intent: 'comment-revision', revisionId, body: 'Thin wall here', view: JSON.stringify(view) })).status
    },
  },
  {
    name: "POST /profile/jobs/{job} intent=resolve-comment (a comment on an issued revision of the owner's job)",
    expect: companyWorks,
    run: async (c, w) => {
      const { jobId, revisionId } = await w.freshIssuedRevision()
      const made = await postJobIntent(w.clients.admin, jobId, { intent: 'comment-revision', revisionId, body: 'Our note' })
      if (made.status !== 200) throw new Error(`seed comment failed: ${made.status}`)
      const [comment] = await w.portal.server.ctx.db.select({ id: revisionComments.id }).from(revisionComments).where(eq(revisionComments.revisionId, revisionId))
      return (await postJobIntent(c, jobId, { intent: 'resolve-comment', commentId: comment!.id, resolved: 'true' })).status
    },
  },
  {
    name: "POST /profile/jobs/{job} intent=carry-over-comments (the owner's job's second revision of a document)",
    expect: adminOnly,
    run: async (c, w) => {
      const { jobId } = await w.freshIssuedRevision()
      const [second] = await seedRelease(w.portal.server.ctx.db, { jobId, number: 2, recipients: [], documents: [{ document: 'report.pdf', fileName: 'report.pdf' }] })
      return (await postJobIntent(c, jobId, { intent: 'carry-over-comments', revisionId: second!.id })).status
    },
  },
  {
    name: "GET /profile/jobs/{job}/revisions/{revision}/comments.bcf (an issued revision of the owner's job)",
    expect: companyReads,
    run: async (c, w) => {
      const { jobId, revisionId } = await w.freshIssuedRevision()
      return (await c.fetch(`/profile/jobs/${jobId}/revisions/${revisionId}/comments.bcf`)).status
    },
  },
  { name: "POST /profile/jobs/{job} intent=unarchive-job (owner's archived job)", expect: adminOnly, run: async (c, w) => (await postJobIntent(c, await w.freshArchivedJob(), { intent: 'unarchive-job' })).status },
  {
    name: "POST /profile/jobs/{job} intent=post-message (owner's job)",
    expect: companyWorks,
    run: async (c, w) => (await c.fetch(`/profile/jobs/${w.jobId}`, { method: 'POST', body: new URLSearchParams({ intent: 'post-message', body: 'Hi' }) })).status,
  },
  { name: 'GET /blog/{published post}', expect: everyone, run: async (c, w) => (await c.fetch(`/blog/${w.postSlug}`)).status },
  { name: 'GET /blog/{draft}', expect: adminOnly, denied: 404, run: async (c, w) => (await c.fetch(`/blog/${w.draftSlug}`)).status },
  { name: 'POST /blog/{post} intent=comment', expect: signedIn, run: (c, w) => postTo(c, `/blog/${w.postSlug}`, { intent: 'comment', comment: 'Form comment' }) },
  {
    name: "POST /blog/{post} intent=edit-comment (owner's)",
    expect: ownerAlone,
    run: async (c, w) => postTo(c, `/blog/${w.postSlug}`, { intent: 'edit-comment', id: await w.freshComment(), comment: 'Edited' }),
  },
  { name: "POST /blog/{post} intent=delete-comment (owner's)", expect: personal, run: async (c, w) => postTo(c, `/blog/${w.postSlug}`, { intent: 'delete-comment', id: await w.freshComment() }) },
  { name: "POST /blog/{post} intent=approve-comment (owner's)", expect: adminOnly, run: async (c, w) => postTo(c, `/blog/${w.postSlug}`, { intent: 'approve-comment', id: await w.freshComment() }) },
  { name: "POST /blog/{post} intent=hide-comment (owner's)", expect: adminOnly, run: async (c, w) => postTo(c, `/blog/${w.postSlug}`, { intent: 'hide-comment', id: await w.freshComment() }) },
  { name: 'GET /profile/blog', expect: adminOnly, run: async (c) => (await c.fetch('/profile/blog')).status },
  { name: 'POST /profile/blog intent=create-post', expect: adminOnly, allowed: 302, run: (c) => postTo(c, '/profile/blog', { intent: 'create-post', title: 'Form post' }) },
  { name: 'POST /profile/blog intent=update-settings', expect: adminOnly, run: (c) => postTo(c, '/profile/blog', { intent: 'update-settings', holdComments: 'on' }) },
  { name: 'GET /profile/blog/{draft} (the editor)', expect: adminOnly, run: async (c, w) => (await c.fetch(`/profile/blog/${w.draftId}`)).status },
  { name: 'POST /profile/blog/{draft} intent=preview', expect: adminOnly, run: (c, w) => postTo(c, `/profile/blog/${w.draftId}`, { intent: 'preview', content: '# Hi' }) },
  { name: 'POST /profile/blog/{draft} intent=save', expect: adminOnly, run: (c, w) => postTo(c, `/profile/blog/${w.draftId}`, { intent: 'save', title: 'Draft', content: 'Text' }) },
  { name: 'POST /profile/blog/{post} intent=publish', expect: adminOnly, run: async (c, w) => postTo(c, `/profile/blog/${await w.freshPost()}`, { intent: 'publish', title: 'Ready', content: 'Text' }) },
  { name: 'POST /profile/blog/{post} intent=unpublish', expect: adminOnly, run: async (c, w) => postTo(c, `/profile/blog/${await w.freshPublishedPost()}`, { intent: 'unpublish' }) },
  { name: 'POST /profile/blog/{post} intent=delete', expect: adminOnly, allowed: 302, run: async (c, w) => postTo(c, `/profile/blog/${await w.freshPost()}`, { intent: 'delete' }) },
  { name: 'GET /profile/blog/comments', expect: adminOnly, run: async (c) => (await c.fetch('/profile/blog/comments')).status },
  { name: "POST /profile/blog/comments intent=hide (owner's comment)", expect: adminOnly, run: async (c, w) => postTo(c, '/profile/blog/comments', { intent: 'hide', id: await w.freshComment() }) },
  { name: "POST /profile/blog/comments intent=delete (owner's comment)", expect: adminOnly, run: async (c, w) => postTo(c, '/profile/blog/comments', { intent: 'delete', id: await w.freshComment() }) },
  { name: "GET /profile/job-requests (owner's)", expect: personal, run: async (c, w) => (await c.fetch(`/profile/job-requests?client=${w.ownerId}`)).status },
  { name: "GET /profile/documents (owner's)", expect: personal, run: async (c, w) => (await c.fetch(`/profile/documents?client=${w.ownerId}`)).status },
  { name: "GET /profile/work-queue (every client's jobs)", expect: adminOnly, run: async (c) => (await c.fetch('/profile/work-queue?needs=1')).status },
  { name: "GET /profile/work-queue/count (the header's count)", expect: adminOnly, run: async (c) => (await c.fetch('/profile/work-queue/count')).status },
  { name: "GET /profile/needs-you?client= (owner's \"What needs you\")", expect: personal, run: async (c, w) => (await c.fetch(`/profile/needs-you?client=${w.ownerId}`)).status },
  { name: 'GET /profile/needs-you (own)', expect: signedIn, run: async (c) => (await c.fetch('/profile/needs-you')).status },
  { name: "GET /profile/view?client= (owner's dashboard's data; a guest is told to sign in)", expect: allowing(['guest', 'owner', 'admin']), run: async (c, w) => (await c.fetch(`/profile/view?client=${w.ownerId}`)).status },
  { name: 'GET /profile/activity.csv (the whole log)', expect: adminOnly, run: async (c) => (await c.fetch('/profile/activity.csv')).status },
  { name: 'POST /api/auth/passkey/confirm-password (own account)', expect: signedIn, run: async (c) => (await c.post('/api/auth/passkey/confirm-password', { password: STRONG_PASSWORD })).status },
  {
    name: 'GET /api/auth/passkey/generate-register-options (own account, its password confirmed)',
    expect: signedIn,
    run: async (c) => {
      await c.post('/api/auth/passkey/confirm-password', { password: STRONG_PASSWORD })
      return (await c.fetch('/api/auth/passkey/generate-register-options')).status
    },
  },
  { name: 'GET /api/auth/passkey/generate-authenticate-options (sign-in with a passkey)', expect: everyone, run: async (c) => (await c.fetch('/api/auth/passkey/generate-authenticate-options')).status },
  {
    name: 'POST /api/auth/two-factor/verify (no sign-in waiting for it: nobody gets a session)',
    expect: nobody,
    run: async (c) => (await c.post('/api/auth/two-factor/verify', { code: '123456' })).status,
  },
]

async function startUpload(c: HttpClient, bytes: Buffer, meta: Record<string, string>): Promise<string> {
  const res = await c.fetch('/uploads', { method: 'POST', headers: { 'tus-resumable': '1.0.0', 'upload-length': String(bytes.length), 'upload-metadata': encodeMetadata(meta) } })
  if (res.status !== 201) throw new Error(`upload not created: ${res.status} ${await res.text()}`)
  return res.headers.get('location')!
}

async function continueUpload(c: HttpClient, location: string, bytes: Buffer): Promise<number> {
  const res = await c.fetch(location, {
    method: 'PATCH',
    headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: new Uint8Array(bytes),
  })
  return res.status
}

/**
 * Every GraphQL operation, every intent of the dashboard's action and its list endpoints, and every
 * file path kind as each role (a guest, the owner, the owner's approver, member and viewer, another
 * client, an admin), against the server started with `env` (embedded PostgreSQL, or DATABASE_URL for the system one).
 */
export function describePermissionMatrix(title: string, env: () => Promise<Record<string, string>> | Record<string, string>) {
  describe(title, () => {
    let w: World
    beforeAll(async () => {
      const portal = await startPortalServer({ ADMIN_EMAILS: 'admin@example.test', ...(await env()) })
      // Each role asks from an address of its own, as people at their own desks do: a limit per address
      // (the contact form's) counts each apart.
      const from = (n: number) => new HttpClient(portal.url, {}, { localAddress: `127.0.3.${n}` })
      const [owner, approver, member, viewer, other, admin] = await Promise.all(
        (['owner', 'approver', 'member', 'viewer', 'other', 'admin'] as const).map((name, i) => signUpAndVerify(portal, `${name}@example.test`, undefined, { client: from(i + 2) })),
      )
      const clients: Record<Role, HttpClient> = { guest: from(1), owner, approver, member, viewer, other, admin }
      const ownerId = await userIdOf(owner)
      const ownerCompanyId = await companyIdOf(portal.server.ctx.db, ownerId)
      // Each colleague signed up with a company of their own, and joins the owner's with their role.
      for (const role of colleagues) await moveIntoCompany(portal.server.ctx.db, await userIdOf(clients[role]), ownerCompanyId, role)
      const viewerId = await userIdOf(viewer)
      const gqlOk = async <T>(c: HttpClient, query: string, variables: Record<string, unknown> = {}) => {
        const r = await c.gql<T>(query, variables)
        if (r.errors?.length) throw new Error(`${query}: ${JSON.stringify(r.errors)}`)
        return r.data as T
      }
      // Seeded straight into the database: the matrix needs more jobs than a client may request in an
      // hour (creating one through each entry point is an operation of the matrix itself).
      const freshJob = async () => {
        const [row] = await portal.server.ctx.db.insert(jobRequests).values({ user: ownerId, companyId: ownerCompanyId, job: 'x', status: 'pending', priority: '3', files: '[]', membership: 'true' }).returning()
        return row!.id
      }
      const freshPost = async () => (await gqlOk<{ createBlogPost: { id: string } }>(admin, 'mutation { createBlogPost(input: { title: "P", content: "Text" }) { id } }')).createBlogPost.id
      const freshPublishedPost = async () => {
        const id = await freshPost()
        await gqlOk(admin, 'mutation($id: ID!) { publishBlogPost(id: $id) { id } }', { id })
        return id
      }
      const postId = await freshPublishedPost()
      const draftId = await freshPost()
      const slugOf = async (id: string) => (await gqlOk<{ getBlogPost: { slug: string } }>(admin, 'query($id: ID!) { getBlogPost(id: $id) { slug } }', { id })).getBlogPost.slug
      const picture = async (id: string) => (await tusUpload(admin, PNG_1PX, { filename: 'plot.png', filetype: 'image/png', kind: 'blog-images', blogPostId: id })).path!
      // Straight into the database: the operations under test are the changes, and the owner's own
      // comments through the API would meet the per-account limit on comments.
      const commentOf = async (status: 'published' | 'pending') =>
        (await portal.server.ctx.db.insert(comments).values({ blogPostId: postId, userId: ownerId, author: 'Owner', comment: 'Mine', status }).returning())[0]!.id
      const freshComment = () => commentOf('published')
      const freshContact = async () => {
        const [row] = await portal.server.ctx.db.insert(contacts).values({ name: 'Seed Person', email: 'seed@example.com', message: 'Seed' }).returning()
        return row!.id
      }
      const freshInvitation = async () => {
        const [row] = await portal.server.ctx.db
          .insert(companyInvitations)
          .values({ companyId: ownerCompanyId, email: `invited-${randomUUID()}@example.test`, role: 'member', tokenHash: randomUUID(), expiresAt: new Date(Date.now() + 86_400_000) })
          .returning({ id: companyInvitations.id })
        return row!.id
      }
      const freshToken = async () => (await gqlOk<{ createApiToken: { id: string } }>(owner, 'mutation { createApiToken(name: "matrix") { id } }')).createApiToken.id
      let n = 0
      const freshFile = async (kind: 'user-box' | 'profile-pictures' | 'job-files') => {
        const r =
          kind === 'profile-pictures'
            ? await tusUpload(owner, PNG_1PX, { filename: `f${++n}.png`, filetype: 'image/png', kind, ownerId })
            : await tusUpload(owner, PDF_BYTES, { filename: `f${++n}.pdf`, kind, ...(kind === 'job-files' ? { jobRequestId: jobId } : { ownerId }) })
        if (!r.path) throw new Error(`upload failed: ${r.status} ${r.body}`)
        return r.path
      }
      const jobId = await freshJob()
      const sendQuote = async (id: string) =>
        (
          await gqlOk<{ sendQuote: { pdfUrl: string } }>(admin, 'mutation($id: ID!) { sendQuote(jobId: $id, input: { validUntil: "2999-01-01", lines: [{ kind: "service", service: "fea", hours: 3 }] }) { pdfUrl } }', {
            id,
          })
        ).sendQuote.pdfUrl
      const freshQuotedJob = async () => {
        const id = await freshJob()
        await sendQuote(id)
        return id
      }
      const freshAcceptedJob = async () => {
        const id = await freshQuotedJob()
        await gqlOk(owner, 'mutation($id: ID!) { acceptQuote(jobId: $id) { id } }', { id })
        return id
      }
      const move = (id: string, to: string, note?: string) => gqlOk(admin, 'mutation($id: ID!, $to: String!, $n: String) { moveJobStage(jobId: $id, to: $to, note: $n) { id } }', { id, to, n: note })
      /** Uploads a deliverable of a job (under a name the server makes): its path. */
      const deliver = async (id: string, filename: string) => {
        const r = await tusUpload(admin, PDF_BYTES, { filename, kind: 'job-deliverables', jobRequestId: id })
        if (!r.path) throw new Error(`seed upload failed: ${r.status} ${r.body}`)
        return r.path
      }
      const freshReleasedJob = async () => {
        const id = await freshAcceptedJob()
        await move(id, 'in_progress')
        // A release issues the revisions uploaded: there has to be one.
        await deliver(id, 'result.pdf')
        await move(id, 'released')
        return id
      }
      const freshCompletedJob = async () => {
        const id = await freshReleasedJob()
        await move(id, 'completed', 'Accepted by the client on the phone')
        return id
      }
      const freshIssuedRevision = async () => {
        const id = await freshAcceptedJob()
        await move(id, 'in_progress')
        const [revision] = await seedIssuedRevisions(portal.server.ctx.db, id)
        return { jobId: id, revisionId: revision!.id }
      }
      const freshArchivedJob = async () => {
        const id = await freshCompletedJob()
        await gqlOk(admin, 'mutation($id: ID!) { archiveJob(jobId: $id) { id } }', { id })
        return id
      }
      const quotePdf = await sendQuote(jobId)
      // A release and a decision as the review leaves them, written straight into its tables.
      const reviewedJobId = await freshJob()
      const [reviewed] = await seedRelease(portal.server.ctx.db, { jobId: reviewedJobId, number: 1, recipients: ['owner@example.test'], documents: [{ document: 'Report', fileName: 'report.pdf' }] })
      await seedDecision(portal.server.ctx.db, reviewedJobId, reviewed!, { decision: 'accepted', acceptedCode: 'C01', by: 'Owner', byEmail: 'owner@example.test', ip: '127.0.0.1' })
      const releasedJobId = await freshAcceptedJob()
      await move(releasedJobId, 'in_progress')
      const jobDeliverable = await deliver(jobId, 'report.pdf')
      const releasedDeliverable = await deliver(releasedJobId, 'report.pdf')
      await move(releasedJobId, 'released')
      // Thread files get names the server makes: the tests use the paths it answers.
      const threadFile = async (client: HttpClient, bytes: Buffer, filename: string) => {
        const r = await tusUpload(client, bytes, { filename, kind: 'job-messages', jobRequestId: jobId })
        if (!r.path) throw new Error(`seed upload failed: ${r.status} ${r.body}`)
        return r.path
      }
      const ownerThreadFile = await threadFile(owner, PDF_BYTES, 'note.pdf')
      const consultancyThreadModel = await threadFile(admin, Buffer.from('solid cube\nendsolid cube\n'), 'cube.stl')
      const fromUs = await tusUpload(admin, PDF_BYTES, { filename: 'from-us.pdf', kind: 'user-box', ownerId })
      if (fromUs.status !== 204) throw new Error(`seed upload failed: ${fromUs.status} ${fromUs.body}`)
      for (const [bytes, meta] of [
        [PNG_1PX, { filename: 'logo.png', filetype: 'image/png', kind: 'profile-pictures' }],
        [PDF_BYTES, { filename: 'brief.pdf', kind: 'user-box' }],
        [PDF_BYTES, { filename: 'plan.pdf', kind: 'job-files', jobRequestId: jobId }],
        [Buffer.from('solid cube\nendsolid cube\n'), { filename: 'cube.stl', kind: 'user-box' }],
        [Buffer.from(gltfTexturedCube(10, ['texture.png'])), { filename: 'model.gltf', kind: 'user-box' }],
        [PNG_1PX, { filename: 'texture.png', filetype: 'image/png', kind: 'user-box' }],
      ] as const) {
        const r = await tusUpload(owner, bytes, meta as Record<string, string>)
        if (r.status !== 204) throw new Error(`seed upload failed: ${r.status} ${r.body}`)
      }
      const thumbnail = await owner.fetch(`/thumbnails/user-box/${ownerId}/cube.stl`, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array(PNG_1PX) })
      if (thumbnail.status !== 204) throw new Error(`seed thumbnail failed: ${thumbnail.status} ${await thumbnail.text()}`)
      const submission = await tusUpload(clients.guest, PNG_1PX, { filename: 'guest.png', filetype: 'image/png', kind: 'picture-submissions' })
      w = {
        portal,
        clients,
        ownerId,
        ownerCompanyId,
        viewerId,
        jobId,
        postId,
        postSlug: await slugOf(postId),
        draftId,
        draftSlug: await slugOf(draftId),
        draftPicture: await picture(draftId),
        publishedPicture: await picture(postId),
        commentId: await freshComment(),
        pendingCommentId: await commentOf('pending'),
        contactId: await freshContact(),
        submissionPath: submission.path!,
        freshJob,
        withdrawnJobId: await (async () => {
          const id = await freshJob()
          await gqlOk(owner, 'mutation($id: ID!) { deleteJobRequests(input: { id: $id }) { id } }', { id })
          return id
        })(),
        freshQuotedJob,
        freshAcceptedJob,
        freshReleasedJob,
        freshIssuedRevision,
        freshCompletedJob,
        freshArchivedJob,
        consultancyThreadModel,
        ownerThreadFile,
        releasedJobId,
        jobDeliverable,
        releasedDeliverable,
        quotePdf,
        reviewedJobId,
        freshPost,
        freshPublishedPost,
        freshComment,
        freshContact,
        freshToken,
        freshInvitation,
        freshFile,
        freshOwnerSession: async () => {
          const other = (await signIn(portal, 'owner@example.test')).client
          const me = (await other.gql<{ sessions: { id: string; current: boolean }[] }>('{ sessions { id current } }')).data!.sessions
          return me.find((s) => s.current)!.id
        },
        freshOwnerPasskey: async () => {
          const id = randomUUID()
          await portal.server.ctx.db.insert(passkeys).values({ id, name: 'Phone', publicKey: 'x', userId: ownerId, credentialID: randomUUID(), counter: 0, deviceType: 'singleDevice', backedUp: false })
          return id
        },
        // A deliverable of jobId, never released: the consultancy may take it back.
        freshDeliverable: () => deliver(jobId, `spare-${randomUUID()}.pdf`),
      }
    })
    afterAll(async () => {
      await w?.portal.close()
    })

    it.each(gqlOps.map((op) => [op.name, op] as const))('GraphQL %s', async (_name, op) => {
      const actual: Record<string, string> = {}
      for (const role of roles) {
        const result = await w.clients[role].gql(op.query, await op.variables(w))
        if (!result.errors?.length && result.data) actual[role] = 'allow'
        else if (result.errors?.[0]?.message === (op.refusal ?? 'Unauthorized')) actual[role] = 'deny'
        else if (result.errors?.[0]?.extensions?.code === 'CONFLICT') actual[role] = 'refused'
        else actual[role] = `error: ${JSON.stringify(result.errors)}`
      }
      expect(actual).toEqual(op.expect)
    })

    it.each(downloadOps.map((op) => [op.name, op] as const))('%s', async (_name, op) => {
      expect(await statusOutcomes(op, w)).toEqual(op.expect)
    })

    it.each(uploadOps.map((op) => [op.name, op] as const))('%s', async (_name, op) => {
      expect(await statusOutcomes(op, w, 204)).toEqual(op.expect)
    })

    it.each(accountOps.map((op) => [op.name, op] as const))('GraphQL %s', async (_name, op) => {
      expect(await statusOutcomes(op, w, 200)).toEqual(op.expect)
    })

    it.each(dashboardOps.map((op) => [op.name, op] as const))('%s', async (_name, op) => {
      expect(await statusOutcomes(op, w)).toEqual(op.expect)
    })

    it('a guest refused by the dashboard is told to sign in (401), a signed-in client refused is not (403), in the same words', async () => {
      const guest = await w.clients.guest.fetch('/profile/documents?client=' + w.ownerId)
      const other = await w.clients.other.fetch('/profile/documents?client=' + w.ownerId)
      expect([guest.status, await guest.json()]).toEqual([401, { error: 'Unauthorized' }])
      expect([other.status, await other.json()]).toEqual([403, { error: 'Unauthorized' }])
    })

    it('an API token acts as its user (and only while it exists)', async () => {
      const created = await w.clients.owner.gql<{ createApiToken: { id: string; token: string } }>('mutation { createApiToken(name: "ci") { id token } }')
      const { id, token } = created.data!.createApiToken
      const script = new HttpClient(w.portal.url, { authorization: `Bearer ${token}` })
      const jobIds = async (c: HttpClient) => (await c.gql<{ listJobRequests: { id: string }[] }>('{ listJobRequests { id } }')).data!.listJobRequests.map((j) => j.id).sort()
      const own = await jobIds(script)
      expect(own).toContain(w.jobId)
      expect(own).toEqual(await jobIds(w.clients.owner))
      expect((await script.fetch(`/files/user-box/${w.ownerId}/brief.pdf`)).status).toBe(200)
      await w.clients.owner.gql('mutation($id: ID!) { revokeApiToken(id: $id) }', { id })
      expect((await script.gql('{ listJobRequests { id } }')).errors?.[0]?.message).toBe('Unauthorized')
      const forged = new HttpClient(w.portal.url, { authorization: 'Bearer mwk_forged' })
      expect((await forged.gql('{ me { userId } }')).data).toEqual({ me: null })
    })

    it("lists the company's jobs to each of the owner's colleagues, and not to another client", async () => {
      const listed = async (c: HttpClient) => (await c.gql<{ listJobRequests: { id: string }[] }>('{ listJobRequests { id } }')).data!.listJobRequests.map((j) => j.id)
      for (const role of colleagues) expect(await listed(w.clients[role]), role).toContain(w.jobId)
      expect(await listed(w.clients.other)).not.toContain(w.jobId)
    })

    it('records an admin acting for a client in the audit log', async () => {
      const { auditLog } = await import('../../../../server/db/schema')
      const rows = await w.portal.server.ctx.db.select().from(auditLog)
      const adminId = await userIdOf(w.clients.admin)
      expect(rows.some((r) => r.actorId === adminId && r.subjectUserId === w.ownerId && r.action === 'update-profile')).toBe(true)
      expect(rows.some((r) => r.actorId === adminId && r.subjectUserId === w.ownerId && r.action === 'upload-file')).toBe(true)
      expect(rows.every((r) => r.actorId !== r.subjectUserId)).toBe(true)
    })
  })
}
