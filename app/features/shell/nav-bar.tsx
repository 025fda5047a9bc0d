import { useEffect, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { normalizePath, profileLink, visibleNavLinks } from '../../../lib/nav'
import { signOut, useSession } from '../../components/layout/use-session'
import { cn } from '../../components/ui/cn'
import { CloseIcon, LoginIcon, LogoutIcon, MenuIcon, PanelIcon, UserIcon } from '../../components/ui/icons'
import { useLoginDialog } from '../../components/layout/login-dialog-context'
import { useWorkNeedingUs } from './use-work-needing-us'

/** Mobile menu icon size, in px. */
const MOBILE_MENU_ICON_SIZE = 28

const itemClass = 'inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-light no-underline transition-colors hover:bg-shade hover:text-text'

interface NavBarProps {
  sidePanelOpen: boolean
  onToggleSidePanel(): void
}

/** The navigation bar: page links (the current one omitted), the account entries and the mobile menu. */
export function NavBar({ sidePanelOpen, onToggleSidePanel }: NavBarProps) {
  const { pathname } = useLocation()
  const links = visibleNavLinks(pathname)
  const [menuOpen, setMenuOpen] = useState(false)
  const menuButton = useRef<HTMLButtonElement>(null)

  // A new page closes the mobile menu.
  useEffect(() => setMenuOpen(false), [pathname])

  useEffect(() => {
    if (!menuOpen) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setMenuOpen(false)
        menuButton.current?.focus()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [menuOpen])

  return (
    <nav aria-label="Main" className="border-t border-border/60">
      <div className="mx-auto flex h-12 max-w-[96rem] items-center gap-1 px-3 sm:px-5">
        <button
          type="button"
          onClick={onToggleSidePanel}
          aria-controls="side-panel"
          aria-expanded={sidePanelOpen}
          aria-label={sidePanelOpen ? 'Close side panel' : 'Open side panel'}
          id="side-panel-toggle"
          data-testid="side-panel-toggle"
          className="mr-1 inline-flex items-center gap-2 rounded-md px-2 py-2 text-sm font-medium text-light hover:bg-shade hover:text-text xl:hidden"
        >
          <PanelIcon size={22} />
        </button>

        <ul className="hidden flex-1 items-center gap-1 md:flex">
          {links.map((link) => (
            <li key={link.href}>
              <Link to={link.href} className={itemClass} prefetch="intent">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <div className="hidden items-center gap-1 md:flex">
          <AccountEntries pathname={pathname} />
        </div>

        <div className="relative ml-auto md:hidden" onMouseLeave={() => setMenuOpen(false)}>
          <button
            ref={menuButton}
            type="button"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((v) => !v)}
            className="inline-flex rounded-md p-1.5 text-text hover:bg-shade"
          >
            <MenuIcon size={MOBILE_MENU_ICON_SIZE} />
          </button>
          {menuOpen ? (
            <div id="mobile-menu" className="absolute top-full right-0 z-50 mt-1 w-60 rounded-lg border border-border bg-foreground p-2 shadow-xl shadow-black/40">
              <div className="flex justify-end">
                <button type="button" aria-label="Close menu"
                  onClick={() => {
                    setMenuOpen(false)
                    menuButton.current?.focus()
                  }} className="rounded-md p-1 text-light hover:bg-shade hover:text-text">
                  <CloseIcon size={MOBILE_MENU_ICON_SIZE} />
                </button>
              </div>
              <ul className="flex flex-col">
                {links.map((link) => (
                  <li key={link.href}>
                    <Link to={link.href} className={cn(itemClass, 'w-full')} onClick={() => setMenuOpen(false)}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
              <div className="mt-1 flex flex-col border-t border-border pt-1">
                <AccountEntries pathname={pathname} onChoose={() => setMenuOpen(false)} />
              </div>
            </div>
          ) : null}
        </div>
      </div>
    </nav>
  )
}

/** Login for visitors; the profile link and Logout for signed-in users (the session arrives after hydration). */
function AccountEntries({ pathname, onChoose }: { pathname: string; onChoose?: () => void }) {
  const session = useSession()
  const loginDialog = useLoginDialog()
  const { search } = useLocation()
  // For the consultancy: how many jobs need it, beside the dashboard link.
  const needsUs = useWorkNeedingUs(session.user?.isAdmin === true, pathname + search)
  if (session.status === 'signed-in') {
    const current = normalizePath(pathname) === profileLink.href
    return (
      <>
        <Link to={profileLink.href} aria-current={current ? 'page' : undefined} className={itemClass} onClick={onChoose}>
          <UserIcon size={18} />
          {profileLink.label}
          {needsUs ? (
            <span className="rounded-full bg-(--color-highlight) px-2 py-0.5 text-xs font-semibold text-(--color-background)" data-testid="needs-us-badge">
              {needsUs}
              <span className="sr-only"> waiting for us</span>
            </span>
          ) : null}
        </Link>
        <button
          type="button"
          className={itemClass}
          onClick={() => {
            onChoose?.()
            void signOut()
          }}
        >
          <LogoutIcon size={18} />
          Logout
        </button>
      </>
    )
  }
  return (
    <button
      type="button"
      className={cn(itemClass, 'border border-border text-text')}
      onPointerEnter={loginDialog.preload}
      onFocus={loginDialog.preload}
      onClick={() => {
        onChoose?.()
        loginDialog.open()
      }}
    >
      <LoginIcon size={18} />
      Login
    </button>
  )
}
