/** The shell's links: the navigation bar, the side panel and the footer. */
export interface NavLink {
  label: string
  href: string
}

export const mainNavLinks: readonly NavLink[] = [
  { label: 'Home', href: '/' },
  { label: 'About', href: '/about' },
  { label: 'Examples', href: '/examples' },
  { label: 'Training', href: '/training' },
  { label: 'Process', href: '/process' },
  { label: 'Blog', href: '/blog' },
  { label: 'Contact', href: '/contact' },
]

export const profileLink: NavLink = { label: 'Dashboard', href: '/profile' }

export interface NavGroup extends NavLink {
  children: readonly NavLink[]
}

export const sidePanelGroups: readonly NavGroup[] = [
  {
    label: 'Services',
    href: '/services',
    children: [
      { label: 'CAD Design', href: '/services/cad' },
      { label: 'FEA Analysis', href: '/services/fea' },
      { label: 'CFD Analysis', href: '/services/cfd' },
      { label: 'CAM', href: '/services/cam' },
    ],
  },
  {
    label: 'Projects',
    href: '/projects',
    children: [
      { label: 'ESP32 Gauges', href: '/projects/esp32-gauges' },
      { label: 'BoneNet', href: '/projects/bonenet' },
    ],
  },
]

export const allExamplesLink: NavLink = { label: 'View All Examples', href: '/examples' }

export const footerLinks: readonly NavLink[] = [
  { label: 'Blog', href: '/blog' },
  { label: 'Terms', href: '/terms' },
  { label: 'Privacy', href: '/privacy' },
  { label: 'Cookie policy', href: '/cookie' },
  { label: 'FAQs', href: '/faqs' },
  { label: 'Support', href: '/support' },
]

/** "/about/" and "/about" are the same page. */
export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname
}

/** The navigation bar's links without the one to the current page. */
export function visibleNavLinks(pathname: string): NavLink[] {
  const current = normalizePath(pathname)
  return mainNavLinks.filter((link) => link.href !== current)
}
