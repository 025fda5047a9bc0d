import { data, useLoaderData, type HeadersFunction, type LoaderFunctionArgs } from 'react-router'
import { peerIpFromRequest } from '../../../server/http/client-ip'
import { listDevMailbox } from '../../../server/mail/list-dev-mailbox'

export const meta = () => [{ title: 'Dev mailbox' }, { name: 'robots', content: 'noindex' }]

// Without SMTP_URL, mail is not sent: it is listed here so a person at this machine can read verification
// codes. For anyone else (another machine, a request through a proxy, SMTP configured, or a PUBLIC_URL that
// is not loopback) the page does not exist. The peer address comes from the socket, never from a header.
export async function loader({ request }: LoaderFunctionArgs) {
  const forwarded = request.headers.has('x-forwarded-for') || request.headers.has('forwarded')
  const mails = await listDevMailbox({ visitor: { peerIp: peerIpFromRequest(request), forwarded } })
  if (!mails) throw data(null, { status: 404 })
  return data({ mails }, { headers: { 'Cache-Control': 'no-store' } })
}

// Verification codes must not linger in a shared cache.
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export default function DevMailboxPage() {
  const { mails } = useLoaderData<typeof loader>()
  return (
    <section className="mx-auto max-w-4xl p-6">
      <h1 className="text-3xl font-semibold">Dev mailbox</h1>
      <p className="mt-2 opacity-80">
        No SMTP server is configured, so mail is not sent. Every mail the site would have sent is listed here, newest first (this page exists only while
        the site runs on this machine).
      </p>
      {mails.length === 0 ? (
        <p className="mt-6">No mail yet.</p>
      ) : (
        <ol className="mt-6 space-y-4">
          {mails.map((mail) => (
            <li key={mail.id} className="rounded border border-[var(--color-border,currentColor)] p-4">
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="font-semibold">To</dt>
                <dd>{mail.to}</dd>
                <dt className="font-semibold">Subject</dt>
                <dd>{mail.subject}</dd>
                <dt className="font-semibold">Time</dt>
                <dd>
                  <time dateTime={mail.sentAt}>{new Date(mail.sentAt).toUTCString()}</time>
                </dd>
              </dl>
              <pre className="mt-3 whitespace-pre-wrap break-words font-mono text-sm">{mail.text}</pre>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
