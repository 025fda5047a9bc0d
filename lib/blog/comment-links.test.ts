import { describe, expect, it } from 'vitest'
import { commentParts } from './comment-links'

describe('commentParts', () => {
  it('turns web addresses into links and leaves the rest as text', () => {
    expect(commentParts('See https://example.org/a?b=1, then www.example.com.')).toEqual([
      { text: 'See ' },
      { text: 'https://example.org/a?b=1', href: 'https://example.org/a?b=1' },
      { text: ', then ' },
      { text: 'www.example.com', href: 'https://www.example.com' },
      { text: '.' },
    ])
  })

  it('keeps a closing bracket that belongs to the address', () => {
    expect(commentParts('(https://en.wikipedia.org/wiki/Beam_(structure))')[1]).toEqual({ text: 'https://en.wikipedia.org/wiki/Beam_(structure)', href: 'https://en.wikipedia.org/wiki/Beam_(structure)' })
  })

  it('never makes a link of any other scheme', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,<script>x</script>', 'vbscript:msgbox', '<a href="javascript:x">y</a>']) {
      expect(commentParts(text).every((part) => !('href' in part))).toBe(true)
    }
  })
})
