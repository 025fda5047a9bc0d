import { useLoaderData } from 'react-router'
import { cookiePolicy } from '../../content/legal/cookie'
import { pageData } from '../../lib/page-data'
import { metaFromLoader } from '../../lib/meta-from-loader'
import { LegalPage, LegalSection, LegalSections } from '../components/content/legal'

export const meta = metaFromLoader

export const loader = () => pageData('/cookie', cookiePolicy)

export default function CookiePage() {
  const { content: cookiePolicy } = useLoaderData<typeof loader>()
  return (
    <LegalPage title={cookiePolicy.heading} intro={`Last updated: ${cookiePolicy.lastUpdated}`}>
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
      <LegalSections sections={cookiePolicy.sections} email={cookiePolicy.email} />
    </LegalPage>
  )
}
