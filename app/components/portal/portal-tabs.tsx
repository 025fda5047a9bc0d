import { NavLink } from 'react-router'

const focus = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-(--color-highlight)'

/**
 * The dashboard's pages: what needs doing (the landing), the account's settings and the client
 * company. `query` keeps the client an admin acts for ("?client=…") on each.
 */
export function PortalTabs({ query = '' }: { query?: string }) {
  const tab = ({ isActive }: { isActive: boolean }) =>
    `inline-flex items-center border-b-2 px-3 py-2 text-sm font-medium no-underline ${focus} ${isActive ? 'border-(--color-highlight) text-(--color-text)' : 'border-transparent text-(--color-light) hover:text-(--color-text)'}`
  return (
    <nav aria-label="Dashboard pages" className="flex gap-2 border-b border-(--color-border)">
      <NavLink to={`/profile${query}`} end className={tab}>
        Overview
      </NavLink>
      <NavLink to={`/profile/settings${query}`} end className={tab}>
        Settings
      </NavLink>
      <NavLink to={`/profile/company${query}`} end className={tab}>
        Company
      </NavLink>
    </nav>
  )
}
