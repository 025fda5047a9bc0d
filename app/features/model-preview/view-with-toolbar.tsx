import type { ReactNode } from 'react'
import { secondaryButtonClass } from '../../components/portal/styles'

/**
 * A view with its toolbar over it: Fit first, which waits for the view to be ready, then the view's
 * own `tools`; below them what the view shows, filling the height left.
 */
export function ViewWithToolbar({ ready, onFit, tools, className = '', children }: { ready: boolean; onFit: () => void; tools?: ReactNode; className?: string; children: ReactNode }) {
  return (
    <div className={`flex h-full min-h-0 flex-col gap-2 ${className}`}>
      <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="View">
        <button type="button" className={secondaryButtonClass} disabled={!ready} onClick={onFit}>
          Fit
        </button>
        {tools}
      </div>
      {children}
    </div>
  )
}
