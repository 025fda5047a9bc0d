import { describe, expect, it } from 'vitest'
import { mainNavLinks, visibleNavLinks } from './nav'

describe('visibleNavLinks', () => {
  it('omits the link to the current page', () => {
    expect(visibleNavLinks('/about').map((l) => l.label)).toEqual(['Home', 'Examples', 'Training', 'Process', 'Blog', 'Contact'])
    expect(visibleNavLinks('/').map((l) => l.label)).toEqual(['About', 'Examples', 'Training', 'Process', 'Blog', 'Contact'])
    expect(visibleNavLinks('/blog').map((l) => l.label)).toEqual(['Home', 'About', 'Examples', 'Training', 'Process', 'Contact'])
  })

  it('treats a trailing slash as the same page', () => {
    expect(visibleNavLinks('/contact/').some((l) => l.href === '/contact')).toBe(false)
  })

  it('keeps every link on a page that is not in the bar', () => {
    expect(visibleNavLinks('/examples/sliotar-cfd')).toEqual(mainNavLinks)
  })
})
