import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Markdown } from './render-markdown'

const html = (text: string) => renderToStaticMarkup(<Markdown text={text} />)

describe('chat markdown', () => {
  it('renders paragraphs, lists, emphasis and site links', () => {
    expect(html('Our rate is **£80/hr**.\n\nSee [FEA Analysis](/services/fea).')).toBe(
      '<p class="my-1">Our rate is <strong>£80/hr</strong>.</p><p class="my-1">See <a href="/services/fea" class="text-link underline">FEA Analysis</a>.</p>',
    )
    expect(html('- one\n- two')).toBe('<ul class="my-1 list-disc pl-5"><li>one</li><li>two</li></ul>')
  })

  it('opens external links in a new tab without an opener', () => {
    expect(html('[GitHub](https://github.com/x)')).toContain('href="https://github.com/x" class="text-link underline" target="_blank" rel="noopener noreferrer"')
  })

  it('never lets an answer inject markup or a script link', () => {
    const out = html('<img src=x onerror=alert(1)> [click](javascript:alert(1)) [p](//evil.example) <script>alert(1)</script>')
    expect(out).not.toMatch(/<img|<script|href="javascript|href="\/\/evil/)
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(out).toContain('click')
  })
})
