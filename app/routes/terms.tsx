import { useLoaderData } from 'react-router'
import { terms } from '../../content/legal/terms'
import { pageData } from '../../lib/page-data'
import { metaFromLoader } from '../../lib/meta-from-loader'
import { LegalPage, LegalSection } from '../components/content/legal'

export const meta = metaFromLoader

export const loader = () => pageData('/terms', terms)

export default function TermsPage() {
  const { content: terms } = useLoaderData<typeof loader>()
  return (
    <LegalPage title={terms.heading} intro={terms.intro}>
      {terms.sections.map((section, i) => (
        <LegalSection key={section.heading} section={section} number={i + 1} />
      ))}
    </LegalPage>
  )
}
