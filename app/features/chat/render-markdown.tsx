import { Fragment, type ReactNode } from 'react'

/**
 * A small Markdown subset (paragraphs, lists, bold, italic, code, links) rendered to React elements.
 * Nothing is ever inserted as HTML, so an answer cannot inject markup or script; links are kept only
 * for site paths, http(s) and mailto.
 */
export function Markdown({ text }: { text: string }) {
  const blocks = text.replace(/\r\n/g, '\n').split(/\n{2,}/)
  return (
    <>
      {blocks.map((block, i) => {
        const lines = block.split('\n').filter((l) => l.trim())
        if (lines.length && lines.every((l) => /^\s*[-*]\s+/.test(l))) {
          return (
            <ul key={i} className="my-1 list-disc pl-5">
              {lines.map((l, j) => (
                <li key={j}>{inline(l.replace(/^\s*[-*]\s+/, ''))}</li>
              ))}
            </ul>
          )
        }
        if (lines.length && lines.every((l) => /^\s*\d+[.)]\s+/.test(l))) {
          return (
            <ol key={i} className="my-1 list-decimal pl-5">
              {lines.map((l, j) => (
                <li key={j}>{inline(l.replace(/^\s*\d+[.)]\s+/, ''))}</li>
              ))}
            </ol>
          )
        }
        return (
          <p key={i} className="my-1">
            {lines.map((l, j) => (
              <Fragment key={j}>
                {j > 0 ? <br /> : null}
                {inline(l.replace(/^#+\s+/, ''))}
              </Fragment>
            ))}
          </p>
        )
      })}
    </>
  )
}

const TOKEN = /\[([^\]]+)\]\(([^)\s]+)\)|\*\*([^*]+)\*\*|`([^`]+)`|\*([^*\s][^*]*)\*/g

function safeHref(href: string): string | undefined {
  if (/^\/(?!\/)/.test(href) || /^https?:\/\//i.test(href) || /^mailto:/i.test(href)) return href
  return undefined
}

function inline(text: string): ReactNode[] {
  const out: ReactNode[] = []
  let last = 0
  let key = 0
  for (const m of text.matchAll(TOKEN)) {
    if (m.index > last) out.push(text.slice(last, m.index))
    const [, linkText, href, bold, code, italic] = m
    if (linkText !== undefined) {
      const safe = safeHref(href!)
      const external = safe && /^https?:/i.test(safe)
      out.push(
        safe ? (
          <a key={key++} href={safe} className="text-link underline" {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
            {linkText}
          </a>
        ) : (
          linkText
        ),
      )
    } else if (bold !== undefined) out.push(<strong key={key++}>{bold}</strong>)
    else if (code !== undefined) out.push(<code key={key++}>{code}</code>)
    else if (italic !== undefined) out.push(<em key={key++}>{italic}</em>)
    last = m.index + m[0].length
  }
  if (last < text.length) out.push(text.slice(last))
  return out
}
