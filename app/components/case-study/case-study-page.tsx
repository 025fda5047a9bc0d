import { startTransition, useId, useState } from 'react'
import { preload } from 'react-dom'
import { Link } from 'react-router'
import type { CaseStudy, StudyBlock } from '../../../content/examples/types'
import { CategoryBadge } from './category-badge'
import { InfoCard } from './info-card'
import { StudyEquation } from './study-equation'
import { StudyFigure } from './study-figure'
import { StudyTable } from './study-table'
import { StudyVideo } from './study-video'

export interface CaseStudyPageProps {
  /** The study from the route's loader, numbers already joined to their units (see typeset.ts). */
  study: CaseStudy
  /** KaTeX HTML by equation id, rendered by the route's loader. */
  equations?: Record<string, string>
  /**
   * The URL of the stylesheet the equations need. Every equation is in the collapsed write-up, so it
   * is linked when the write-up first opens (fetched as soon as the visitor points at or focuses the
   * button), never in the way of the page's first paint.
   */
  equationStylesheet?: string
}

/**
 * A case study: back link, title, lead figure, info card and the full write-up behind a
 * "Read Full Study" / "Show Less" button. The write-up is always in the HTML (hidden while
 * collapsed), so search engines and readers without JavaScript's help still have the text.
 */
export function CaseStudyPage({ study, equations = {}, equationStylesheet }: CaseStudyPageProps) {
  const [expanded, setExpanded] = useState(false)
  const preloadStylesheet = () => {
    if (equationStylesheet) preload(equationStylesheet, { as: 'style' })
  }
  const fullStudyId = useId()
  let figureNumber = 1 // the lead figure is Figure 1
  let tableNumber = 0

  const renderBlock = (block: StudyBlock, key: number) => {
    switch (block.kind) {
      case 'paragraph':
        return (
          <p key={key} className="my-4 leading-relaxed">
            {block.text}
          </p>
        )
      case 'list': {
        const List = block.ordered ? 'ol' : 'ul'
        return (
          <List key={key} className={`my-4 space-y-1 pl-6 leading-relaxed ${block.ordered ? 'list-decimal' : 'list-disc'}`}>
            {block.items.map((item, i) => (
              <li key={i}>{item}</li>
            ))}
          </List>
        )
      }
      case 'figure':
        figureNumber += 1
        return <StudyFigure key={key} figure={block.figure} number={figureNumber} />
      case 'table':
        tableNumber += 1
        return <StudyTable key={key} table={block.table} number={tableNumber} />
      case 'equation':
        return <StudyEquation key={key} html={equations[block.id]} text={block.text} />
      case 'video':
        return <StudyVideo key={key} video={block.video} />
    }
  }

  return (
    <article className="mx-auto max-w-4xl px-4 py-8">
      <Link to="/examples" className="inline-flex items-center gap-1 text-(--color-link) underline-offset-4 hover:underline">
        <span aria-hidden="true">←</span> Back to Examples
      </Link>
      <header className="mt-4">
        <CategoryBadge category={study.item.category} />
        <h1 className="mt-2 text-3xl font-semibold sm:text-4xl">{study.title}</h1>
        <p className="mt-3 text-lg text-(--color-light)">{study.summary}</p>
      </header>
      <StudyFigure figure={study.lead} number={1} priority />
      <InfoCard info={study.info} />
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={fullStudyId}
        onPointerEnter={preloadStylesheet}
        onFocus={preloadStylesheet}
        // A transition: React holds the write-up back until the stylesheet linked below has loaded,
        // so its maths never shows unstyled.
        onClick={() => startTransition(() => setExpanded((open) => !open))}
        className="rounded-md bg-(--color-highlight) px-5 py-2 font-semibold text-(--color-background) hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-(--color-highlight)"
      >
        {expanded ? 'Show Less' : 'Read Full Study'}
      </button>
      <div id={fullStudyId} hidden={!expanded} data-testid="full-study" className="mt-6">
        {/* React keeps a stylesheet with a precedence in the head once inserted, so it stays when the write-up closes. */}
        {expanded && equationStylesheet && <link rel="stylesheet" href={equationStylesheet} precedence="equations" />}
        {study.sections.map((section, i) => (
          <section key={section.id} aria-labelledby={section.id} className="mt-8">
            <h2 id={section.id} className="text-2xl font-semibold">
              {study.numberedSections ? `${i + 1}. ${section.heading}` : section.heading}
            </h2>
            {section.blocks.map(renderBlock)}
          </section>
        ))}
      </div>
    </article>
  )
}
