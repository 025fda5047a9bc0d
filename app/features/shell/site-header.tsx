import { Link } from 'react-router'
import { site } from '../../../lib/site'
import { ThemeDots } from '../theme'
import { WalletBadge } from '../wallet'
import { Logo } from '../../components/layout/logo'
import { NavBar } from './nav-bar'

interface SiteHeaderProps {
  sidePanelOpen: boolean
  onToggleSidePanel(): void
  inert?: boolean
}

/** The sticky header: logo and title, theme dots, wallet badge, and the navigation bar. */
export function SiteHeader({ sidePanelOpen, onToggleSidePanel, inert }: SiteHeaderProps) {
  return (
    <header inert={inert} className="theme-backdrop sticky top-0 z-30 border-b border-border bg-background/95 shadow-lg shadow-black/20 backdrop-blur supports-[backdrop-filter]:bg-background/85">
      <div className="mx-auto flex max-w-[96rem] flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2 sm:px-5">
        <Link to="/" aria-label={`${site.companyName}, home`} className="shrink-0 rounded-md">
          <Logo />
        </Link>
        <div className="min-w-[10.5rem] flex-1">
          <p className="truncate text-lg leading-tight font-semibold tracking-tight text-text sm:text-xl">{site.companyName}</p>
          <p className="truncate text-xs font-medium tracking-[0.14em] text-highlight uppercase sm:text-sm">{site.tagline}</p>
        </div>
        <div className="flex items-center gap-3">
          <ThemeDots />
          <WalletBadge />
        </div>
      </div>
      <NavBar sidePanelOpen={sidePanelOpen} onToggleSidePanel={onToggleSidePanel} />
    </header>
  )
}
