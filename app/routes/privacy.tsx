import { useLoaderData } from 'react-router'
import { privacy } from '../../content/legal/privacy'
import { pageData } from '../../lib/page-data'
import { metaFromLoader } from '../../lib/meta-from-loader'
import { LegalSection, MailtoLink } from '../components/content/legal'
import { Page, PageHeader } from '../components/content/ui'

export const meta = metaFromLoader

export const loader = () => pageData('/privacy', privacy)

export default function PrivacyPage() {
  const { content: privacy } = useLoaderData<typeof loader>()
  const last = privacy.sections.length - 1
  return (
    <Page>
      <div className="max-w-3xl">
        <PageHeader title={privacy.heading} intro={`Last updated: ${privacy.lastUpdated}`} />
        {privacy.sections.map((section, i) => (
          <LegalSection key={section.heading} section={section} number={i + 1}>
            {i === last && (
              <p className="mt-3">
                Email: <MailtoLink email={privacy.email} />
              </p>
            )}
          </LegalSection>
        ))}
      </div>
    </Page>
  )
}
