import { useLoaderData } from 'react-router'
import { privacy } from '../../content/legal/privacy'
import { pageData } from '../../lib/page-data'
import { metaFromLoader } from '../../lib/meta-from-loader'
import { LegalPage, LegalSections } from '../components/content/legal'

export const meta = metaFromLoader

export const loader = () => pageData('/privacy', privacy)

export default function PrivacyPage() {
  const { content: privacy } = useLoaderData<typeof loader>()
  return (
    <LegalPage title={privacy.heading} intro={`Last updated: ${privacy.lastUpdated}`}>
      <LegalSections sections={privacy.sections} email={privacy.email} numbered />
    </LegalPage>
  )
}
