import { useCallback, useEffect, useRef } from 'react'
import { Link, useLocation } from 'react-router'
import { allExamplesLink, normalizePath, sidePanelGroups } from '../../../lib/nav'
import { cn } from '../../components/ui/cn'
import { ChevronRightIcon, CloseIcon } from '../../components/ui/icons'
import { lazyWhenVisible } from '../../components/ui/lazy-when-visible'

interface SidePanelProps {
  open: boolean
  onClose(): void
}

// Hidden in the closed drawer on narrow screens: its code loads when it is shown.
const SystemStatus = lazyWhenVisible('system-status', () => import('../system-status').then((m) => m.SystemStatus))

const linkClass = (isActive: boolean) =>
  cn('flex items-center gap-2 rounded-md px-3 py-1.5 no-underline transition-colors hover:bg-shade hover:text-text', isActive ? 'bg-shade text-text' : 'text-light')

/**
 * The side panel (w-80). From the xl breakpoint it is always shown beside the page;
 * below it, it is a drawer opened by the navigation bar's toggle.
 */
export function SidePanel({ open, onClose }: SidePanelProps) {
  const closeButton = useRef<HTMLButtonElement>(null)
  // Compared by hand rather than with NavLink, whose active state differed between prerendered HTML and hydration.
  const current = normalizePath(useLocation().pathname)
  const here = (href: string) => (href === current ? 'page' : undefined)
  // Closing the drawer by hand puts focus back on its toggle, where the visitor left it.
  const restoreFocus = useRef(false)
  const closeByHand = useCallback(() => {
    restoreFocus.current = true
    onClose()
  }, [onClose])
  // After the page behind stops being inert.
  useEffect(() => {
    if (!open && restoreFocus.current) {
      restoreFocus.current = false
      document.getElementById('side-panel-toggle')?.focus()
    }
  }, [open])

  useEffect(() => {
    if (!open) return
    closeButton.current?.focus()
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') closeByHand()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [open, closeByHand])

  return (
    <>
      {open ? <div aria-hidden="true" className="fixed inset-0 z-40 bg-black/50 xl:hidden" onClick={closeByHand} /> : null}
      <aside
        id="side-panel"
        aria-label="Side panel"
        data-testid="side-panel"
        data-open={open}
        className={cn(
          'w-80 shrink-0 flex-col gap-6 border-r border-border bg-foreground p-4',
          open ? 'fixed inset-y-0 left-0 z-50 flex overflow-y-auto shadow-2xl shadow-black/50' : 'hidden',
          'xl:static xl:z-auto xl:flex xl:overflow-visible xl:border-r-0 xl:bg-transparent xl:py-8 xl:pr-0 xl:pl-5 xl:shadow-none',
        )}
      >
        <div className="flex justify-end xl:hidden">
          <button ref={closeButton} type="button" onClick={closeByHand} aria-label="Close side panel" className="rounded-md p-1 text-light hover:bg-shade hover:text-text">
            <CloseIcon size={22} />
          </button>
        </div>
        <nav aria-label="Services and projects" className="rounded-lg border border-border bg-foreground p-3 xl:bg-foreground/80">
          {sidePanelGroups.map((group) => (
            <div key={group.href} className="mb-3 last:mb-0">
              <Link to={group.href} aria-current={here(group.href)} className={cn(linkClass(group.href === current), 'font-semibold text-text')}>
                {group.label}
              </Link>
              <ul className="mt-1 ml-3 border-l border-border pl-2 text-sm">
                {group.children.map((child) => (
                  <li key={child.href}>
                    <Link to={child.href} aria-current={here(child.href)} className={linkClass(child.href === current)}>
                      <ChevronRightIcon size={14} className="text-highlight" />
                      {child.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <Link
            to={allExamplesLink.href}
            aria-current={here(allExamplesLink.href)}
            className="mt-2 flex items-center justify-center rounded-md border border-border bg-shade px-3 py-2 text-sm font-semibold text-highlight no-underline hover:border-highlight"
          >
            {allExamplesLink.label}
          </Link>
        </nav>
        <SystemStatus />
      </aside>
    </>
  )
}
