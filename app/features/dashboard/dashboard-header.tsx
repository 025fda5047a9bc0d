import { Link, useNavigate } from 'react-router'
import { PortalTabs } from '../../components/portal/portal-tabs'
import { ClientSelector } from './client-selector'
import type { ClientOption } from './types'
import { ViewAsButton } from './view-as-button'

/**
 * The heading every dashboard page shares: "Admin Dashboard" with the client selector for admins,
 * "User Dashboard" for everyone else, whom an admin acts for, and the tabs between the overview and
 * the settings. Picking a client keeps the page (`path`) and names the client in the address.
 */
export function DashboardHeader({
  isAdmin,
  clients,
  clientId,
  actingForEmail,
  path,
}: {
  isAdmin: boolean
  clients: ClientOption[] | null
  clientId: string | null
  actingForEmail: string
  path: '/profile' | '/profile/settings'
}) {
  const navigate = useNavigate()
  const query = clientId ? `?client=${encodeURIComponent(clientId)}` : ''
  return (
    <header className="space-y-4">
      <h1 className="text-3xl font-semibold">{isAdmin ? 'Admin Dashboard' : 'User Dashboard'}</h1>
      {isAdmin && !clientId ? (
        <p>
          <Link to="/profile/blog" className="text-(--color-link) underline">
            Blog: write posts and moderate comments
          </Link>
        </p>
      ) : null}
      {isAdmin && clients ? (
        <ClientSelector clients={clients} selectedId={clientId} onSelect={(id) => navigate(id ? `${path}?client=${encodeURIComponent(id)}` : path, { preventScrollReset: true })} />
      ) : null}
      {clientId ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-(--color-light)" data-testid="acting-for">
            Acting for {actingForEmail}
          </p>
          <ViewAsButton clientId={clientId} />
        </div>
      ) : null}
      <PortalTabs query={query} />
    </header>
  )
}
