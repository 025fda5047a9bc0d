import { Link, useActionData, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router'
import { companyRoleLabels } from '../../../lib/company-roles'
import { site } from '../../../lib/site'
import { PageFailed } from '../../components/portal/page-states'
import { PortalTabs } from '../../components/portal/portal-tabs'
import { CompanyDetailsCard, InviteCard, MembersCard, type CompanyActionResult, type CompanyPageData } from '../../features/company'
import { loadCompanyPage, runCompanyAction } from './company.server'

export const meta: MetaFunction = () => [{ title: `Company | ${site.companyName}` }, { name: 'robots', content: 'noindex' }]

export function loader({ request }: LoaderFunctionArgs) {
  return loadCompanyPage(request)
}

export function action({ request }: ActionFunctionArgs) {
  return runCompanyAction(request)
}

/**
 * The client company: its details, its members and their roles, and (for its owners) invitations.
 * Every member sees who else is in the company; only owners change anything but their own leaving.
 */
export default function CompanyPage() {
  const data: CompanyPageData = useLoaderData<typeof loader>()
  const result = useActionData<CompanyActionResult>()
  const busy = useNavigation().state !== 'idle'
  const { company, clientId } = data
  const query = clientId ? `?client=${encodeURIComponent(clientId)}` : ''
  return (
    <section className="mx-auto max-w-5xl space-y-6 p-6">
      <header className="space-y-4">
        <h1 className="text-3xl font-semibold">{company.name}</h1>
        {company.yourRole ? (
          <p className="text-(--color-light)" data-testid="your-role">
            Your role: {companyRoleLabels[company.yourRole]}
          </p>
        ) : null}
        <PortalTabs query={query} />
      </header>
      <CompanyDetailsCard key={`details-${company.id}-${company.name}-${company.address}-${company.vatNumber}`} company={company} result={result} busy={busy} />
      <MembersCard data={data} result={result} busy={busy} />
      {company.canManage ? <InviteCard company={company} result={result} busy={busy} /> : null}
      <p>
        <Link to={`/profile${query}`} className="text-(--color-link) underline">
          ← Back to the dashboard
        </Link>
      </p>
    </section>
  )
}

export function ErrorBoundary() {
  return <PageFailed title="Company" message="The company could not be loaded. Please sign in, or try again." />
}
