import { describe, expect, it } from 'vitest'
import { postPlainText, renderPostMarkdown } from './render-post-markdown'

describe('renderPostMarkdown', () => {
  it('shows raw HTML as text and keeps dangerous link targets out of every href', () => {
    const { html } = renderPostMarkdown('<script>alert(1)</script>\n\n[x](javascript:alert(1)) [y](data:text/html,hi) <a href="javascript:z">z</a>')
    expect(html).not.toContain('<script')
    expect(html).not.toMatch(/href="(javascript|data):/)
    expect(html).toContain('&lt;script&gt;')
  })

  it('starts headings at level 2 with unique ids, and lists sections 2 and 3 for the contents', () => {
    const rendered = renderPostMarkdown('# Intro\n\n## Results\n\n### Mesh\n\n## Results')
    expect(rendered.html).toContain('<h2 id="intro">Intro</h2>')
    expect(rendered.html).toContain('<h2 id="results-2">Results</h2>')
    expect(rendered.headings.map((h) => `${h.level}:${h.id}`)).toEqual(['2:intro', '2:results', '3:mesh', '2:results-2'])
  })

  it('typesets maths with KaTeX, leaving prices alone, and refuses TeX that would link', () => {
    const rendered = renderPostMarkdown('Costs $5 and $6; stress $\\sigma = F/A$.\n\n$$\nE = mc^2\n$$\n\n$\\href{javascript:alert(1)}{x}$')
    expect(rendered.hasMaths).toBe(true)
    expect(rendered.html).toContain('Costs $5 and $6')
    expect(rendered.html).toContain('<div class="math-display"><span class="katex-display">')
    expect(rendered.html).not.toMatch(/href="javascript:/)
    expect(rendered.html).not.toContain('<a ')
    expect(renderPostMarkdown('No maths, $5.').hasMaths).toBe(false)
  })

  it('colours code in known languages and escapes it', () => {
    const { html } = renderPostMarkdown('```python\nif x < 3: print("<b>")\n```\n\n```unknown\n<b>\n```')
    expect(html).toContain('<span class="hljs-keyword">if</span>')
    expect(html).toContain('&lt;b&gt;')
    expect(html).not.toContain('<b>')
  })

  it('shows only uploaded pictures it knows the size of, lazily and sized', () => {
    const sizes = new Map([['blog-images/p/plot one.png', { width: 640, height: 480 }]])
    const { html } = renderPostMarkdown('![A plot](/files/blog-images/p/plot%20one.png) ![Other](/files/blog-images/p/missing.png) ![Far](https://elsewhere.example/x.png)', sizes)
    expect(html).toContain('<img src="/files/blog-images/p/plot%20one.png" alt="A plot" width="640" height="480" loading="lazy" decoding="async">')
    expect(html).toContain('<span class="image-missing">Other</span>')
    expect(html).toContain('<span class="image-missing">Far</span>')
  })
})

describe('postPlainText', () => {
  it('is the words without the markup', () => {
    expect(postPlainText('## Title\n\nSome *bold* [link](https://x.example).')).toBe('Title Some bold link.')
  })
})
