import { Form, useActionData, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router'
import { companyRoleDescriptions, companyRoleLabels } from '../../../lib/company-roles'
import { site } from '../../../lib/site'
import { useLoginDialog } from '../../components/layout/login-dialog-context'
import { PageFailed } from '../../components/portal/page-states'
import { buttonClass, cardClass } from '../../components/portal/styles'
import { loadJoinPage, runJoinAction } from '../profile/company.server'

export const meta: MetaFunction = () => [{ title: `Join a company | ${site.companyName}` }, { name: 'robots', content: 'noindex' }, { name: 'referrer', content: 'no-referrer' }]

export function loader({ request, params }: LoaderFunctionArgs) {
  return loadJoinPage(request, params.token ?? '')
}

export function action({ request, params }: ActionFunctionArgs) {
  return runJoinAction(request, params.token ?? '')
}

/**
 * An invitation's link: the company and the role it offers. Signed in with the address it was sent
 * to, one press joins; signed out, the sign-in dialog opens (to sign in or sign up with that address).
 */
export default function JoinCompanyPage() {
  const { invitation, signedInEmail } = useLoaderData<typeof loader>()
  const result = useActionData<{ ok: boolean; message?: string }>()
  const busy = useNavigation().state !== 'idle'
  const login = useLoginDialog()
  const sameEmail = signedInEmail !== null && signedInEmail.toLowerCase() === invitation.email
  return (
    <section className="mx-auto max-w-2xl space-y-6 p-6">
      <h1 className="text-3xl font-semibold">Join {invitation.companyName}</h1>
      <div className={cardClass}>
        <p>
          You are invited to join <strong>{invitation.companyName}</strong> on our client portal as <strong>{companyRoleLabels[invitation.role].toLowerCase()}</strong>:{' '}
          {companyRoleDescriptions[invitation.role]}
        </p>
        <p className="mt-2 text-sm text-(--color-light)">The invitation was sent to {invitation.email}.</p>
        {sameEmail ? (
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="accept" />
            <button type="submit" className={buttonClass} disabled={busy}>
              Join {invitation.companyName}
            </button>
          </Form>
        ) : signedInEmail ? (
          <p role="alert" className="mt-4">
            You are signed in as {signedInEmail}. This invitation was sent to another email address. Sign in with that address to accept it.
          </p>
        ) : (
          <div className="mt-4 space-y-2">
            <p>Sign in, or sign up, with {invitation.email} to accept.</p>
            <button type="button" className={buttonClass} onClick={() => login.open()} onPointerEnter={() => login.preload()}>
              Sign in to accept
            </button>
          </div>
        )}
        {result && !result.ok ? (
          <p role="alert" className="mt-4">
            {result.message}
          </p>
        ) : null}
      </div>
    </section>
  )
}

export function ErrorBoundary() {
  return <PageFailed title="Join a company" message="This invitation has expired, was used already or was withdrawn. Ask the company’s owner for a new one." />
}
