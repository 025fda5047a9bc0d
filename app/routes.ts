import { type RouteConfig, index, route } from '@react-router/dev/routes'
import { routeTable } from '../lib/route-table'

export default [
  ...routeTable.map((r) => (r.path === '/' ? index('routes/' + r.file) : route(r.path.slice(1), 'routes/' + r.file))),
  // Resource routes (no UI)
  route('robots.txt', 'routes/resources/robots.ts'),
  route('sitemap.xml', 'routes/resources/sitemap.ts'),
  // The portal pages' data, as JSON for the person signed in (their documents are the same for everyone).
  route('profile/view', 'routes/profile/view.ts'),
  route('profile/jobs/:id/view', 'routes/profile/job-view.ts'),
  // The blog: its feed, a post (its earlier addresses redirect), and the consultancy's writing and moderation.
  route('blog/feed.xml', 'routes/blog/feed.ts'),
  route('blog/:slug', 'routes/blog/post.tsx'),
  route('profile/blog', 'routes/profile/blog.tsx'),
  route('profile/blog/comments', 'routes/profile/blog-comments.tsx'),
  route('profile/blog/:id', 'routes/profile/blog-post-editor.tsx'),
  route('profile/job-requests', 'routes/profile/job-requests.ts'),
  route('profile/documents', 'routes/profile/documents.ts'),
  // The dashboard's landing: the consultancy's work queue (and its count in the header), a client's "What needs you".
  route('profile/work-queue', 'routes/profile/work-queue.ts'),
  route('profile/work-queue/count', 'routes/profile/work-queue-count.ts'),
  route('profile/needs-you', 'routes/profile/needs-you.ts'),
  route('profile/activity.csv', 'routes/profile/activity-csv.ts'),
  // The client company: its members, roles and invitations; an invitation's link.
  route('profile/company', 'routes/profile/company.tsx'),
  route('join/:token', 'routes/join/invitation.tsx'),
  // A job's own page (stage, quote, files, timeline, thread) and its quotes as PDF.
  route('profile/jobs/:id', 'routes/profile/job.tsx'),
  route('profile/jobs/:id/quotes/:quoteId', 'routes/profile/quote-pdf.ts'),
  // Its review documents as PDF: each release's transmittal ("2.pdf"), the certificate of the decisions.
  route('profile/jobs/:id/transmittals/:file', 'routes/profile/transmittal-pdf.ts'),
  route('profile/jobs/:id/certificate.pdf', 'routes/profile/certificate-pdf.ts'),
  route('profile/jobs/:id/revisions/:revisionId/comments.bcf', 'routes/profile/revision-bcf.ts'),
  // Throws while rendering, for the error-boundary test; a 404 unless ENABLE_TEST_ROUTES=1.
  route('test/boom', 'routes/test/boom.tsx'),
  // Mail listed instead of sent: only without SMTP_URL and on a loopback PUBLIC_URL, a 404 otherwise.
  route('dev/mailbox', 'routes/dev/mailbox.tsx'),
  // Anything else is a real 404 page with a way home.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
