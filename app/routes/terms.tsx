import { terms } from '../../content/legal/terms'
import { pageMeta } from '../../lib/meta'
import { LegalSection } from '../components/content/legal'
import { Page, PageHeader } from '../components/content/ui'

export const meta = () => pageMeta({ path: '/terms' })

export default function TermsPage() {
  return (
    <Page>
      <div className="max-w-3xl">
        <PageHeader title={terms.heading} intro={terms.intro} />
        {terms.sections.map((section, i) => (
          <LegalSection key={section.heading} section={section} number={i + 1} />
        ))}
      </div>
    </Page>
  )
}
