import { useLoaderData } from 'react-router'
import { cookiePolicy } from '../../content/legal/cookie'
import { pageData } from '../../lib/page-data'
import { metaFromLoader } from '../../lib/meta-from-loader'
import { LegalSection, MailtoLink } from '../components/content/legal'
import { Page, PageHeader } from '../components/content/ui'

export const meta = metaFromLoader

export const loader = () => pageData('/cookie', cookiePolicy)

export default function CookiePage() {
  const { content: cookiePolicy } = useLoaderData<typeof loader>()
  const last = cookiePolicy.sections.length - 1
  return (
    <Page>
      <div className="max-w-3xl">
        <PageHeader title={cookiePolicy.heading} intro={`Last updated: ${cookiePolicy.lastUpdated}`} />
        <LegalSection section={cookiePolicy.whatAreCookies} />
        <LegalSection section={cookiePolicy.whyWeUse} />
        <section className="mt-8">
          <h2 className="text-xl font-semibold">{cookiePolicy.typesHeading}</h2>
          <dl className="mt-3 space-y-3">
            {cookiePolicy.types.map((type) => (
              <div key={type.name}>
                <dt className="font-semibold">{type.name}</dt>
                <dd className="mt-1 leading-relaxed text-[var(--color-light)]">{type.description}</dd>
              </div>
            ))}
          </dl>
        </section>
        {cookiePolicy.sections.map((section, i) => (
          <LegalSection key={section.heading} section={section}>
            {i === last && (
              <p className="mt-3">
                Email: <MailtoLink email={cookiePolicy.email} />
              </p>
            )}
          </LegalSection>
        ))}
      </div>
    </Page>
  )
}
