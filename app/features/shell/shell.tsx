import { useCallback, useEffect, useState, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { LoginDialogProvider } from '../auth'
import { ChatLauncher } from '../chat'
import { ScrollToTop } from '../../components/layout/scroll-to-top'
import { HYDRATED_EVENT } from '../../../lib/hydrated-event'
import { SidePanel } from './side-panel'
import { SiteFooter } from '../../components/layout/site-footer'
import { SiteHeader } from './site-header'
import { ViewAsBanner } from './view-as-banner'

/** The layout every page shares: header, navigation, side panel, main content and footer. */
export function Shell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation()
  const [sidePanelOpen, setSidePanelOpen] = useState(false)
  const toggleSidePanel = useCallback(() => setSidePanelOpen((v) => !v), [])
  const closeSidePanel = useCallback(() => setSidePanelOpen(false), [])

  // The layout's handlers are attached: presses made before the framework started can be replayed.
  useEffect(() => {
    dispatchEvent(new Event(HYDRATED_EVENT))
  }, [])

  // Following a link in the drawer closes it.
  useEffect(() => setSidePanelOpen(false), [pathname])

  // From the wide breakpoint the panel is part of the page, so there is no drawer left to keep open.
  useEffect(() => {
    const wide = window.matchMedia('(min-width: 80rem)')
    const onChange = () => wide.matches && setSidePanelOpen(false)
    wide.addEventListener('change', onChange)
    return () => wide.removeEventListener('change', onChange)
  }, [])

  return (
    <LoginDialogProvider>
      <ScrollToTop />
      <div className="flex min-h-screen flex-col">
        <a
          href="#main-content"
          inert={sidePanelOpen}
          className="sr-only z-[70] rounded-md bg-highlight px-3 py-2 font-semibold text-background focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        <SiteHeader sidePanelOpen={sidePanelOpen} onToggleSidePanel={toggleSidePanel} inert={sidePanelOpen} />
        <ViewAsBanner />
        <div className="mx-auto flex w-full max-w-[96rem] flex-1">
          <SidePanel open={sidePanelOpen} onClose={closeSidePanel} />
          {/* While the drawer is open the page behind it is inert, so focus stays in the drawer. */}
          <main id="main-content" tabIndex={-1} inert={sidePanelOpen} className="min-w-0 flex-1 focus:outline-none">
            {children}
          </main>
        </div>
        <SiteFooter inert={sidePanelOpen} />
      </div>
      <div inert={sidePanelOpen}>
        <ChatLauncher />
      </div>
    </LoginDialogProvider>
  )
}
