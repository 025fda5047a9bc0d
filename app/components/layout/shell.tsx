import type { ReactNode } from 'react'

/** The layout every page shares: header, navigation, side panel, main content and footer. */
export function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-20 p-4">
        <a href="/">Meshwork Engineering</a> <span>Computational engineering</span>
      </header>
      <main id="main">{children}</main>
      <footer className="p-4" />
    </div>
  )
}
