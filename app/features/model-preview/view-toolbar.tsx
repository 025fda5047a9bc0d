import type { ReactNode } from 'react'
import { secondaryButtonClass } from '../../components/portal/styles'

/** The view's toolbar: Fit first, which waits for the view to be ready, then what the view adds. */
export function ViewToolbar({ ready, onFit, children }: { ready: boolean; onFit: () => void; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="View">
      <button type="button" className={secondaryButtonClass} disabled={!ready} onClick={onFit}>
        Fit
      </button>
      {children}
    </div>
  )
}
