import { useLoaderData } from 'react-router'
import { designProcess } from '../../content/process'
import { pageData } from '../../lib/page-data'
import { metaFromLoader } from '../../lib/meta-from-loader'
import { Icon } from '../components/content/icon'
import { PhaseIndex } from '../components/content/phase-index'
import { cardClass, ContactBand, Page, PageHeader, TickList } from '../components/content/ui'

export const meta = metaFromLoader

export const loader = () => pageData('/process', designProcess)

export default function ProcessPage() {
  const { content: designProcess } = useLoaderData<typeof loader>()
  const { phases } = designProcess
  return (
    <Page>
      <PageHeader eyebrow={designProcess.subheading} title={designProcess.heading} intro={designProcess.intro} />
      <div className="grid gap-10 lg:grid-cols-[15rem_1fr]">
        <PhaseIndex heading={designProcess.indexHeading} items={phases} />
        {/* The space below lets the last cards scroll up to the reading position the index watches. */}
        <ol className="space-y-6 lg:pb-[45vh]">
          {phases.map((phase, i) => (
            <li key={phase.id}>
              <section id={phase.id} tabIndex={-1} aria-labelledby={`${phase.id}-heading`} className={`${cardClass} scroll-mt-32 focus:outline-none`}>
                <div className="flex items-center gap-3">
                  <span className="inline-flex h-11 w-11 items-center justify-center rounded-lg bg-[var(--color-shade)] text-[var(--color-highlight)]">
                    <Icon name={phase.icon} />
                  </span>
                  <div>
                    <p className="text-sm text-[var(--color-light)]">Phase {i + 1}</p>
                    <h3 id={`${phase.id}-heading`} className="text-xl font-semibold">
                      {phase.title}
                    </h3>
                  </div>
                </div>
                <p className="mt-3 leading-relaxed">{phase.summary}</p>
                <TickList items={phase.points} className="mt-3 text-[var(--color-light)]" />
              </section>
            </li>
          ))}
        </ol>
      </div>
      <ContactBand heading={designProcess.cta.heading} body={designProcess.cta.body} link={designProcess.cta.link} />
    </Page>
  )
}
