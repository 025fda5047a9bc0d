import type { ReactNode } from 'react'

/** The view with the comments list beside it, or below it on a phone; the view alone when there are no comments to show. */
export function BesideComments({ commentsPanel, children }: { commentsPanel: ReactNode; children: ReactNode }) {
  if (!commentsPanel) return children
  return (
    <div className="flex h-full min-h-0 gap-2 max-md:flex-col">
      {children}
      {commentsPanel}
    </div>
  )
}
