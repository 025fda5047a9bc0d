import { Link, useLoaderData } from 'react-router'
import { support } from '../../content/support'
import { pageData } from '../../lib/page-data'
import { metaFromLoader } from '../../lib/meta-from-loader'
import { cardClass, linkClass, Page, PageHeader } from '../components/content/ui'

export const meta = metaFromLoader

export const loader = () => pageData('/support', support)

export default function SupportPage() {
  const { content: support } = useLoaderData<typeof loader>()
  return (
    <Page>
      <PageHeader title={support.heading} intro={support.intro} />
      <section className={`${cardClass} max-w-3xl`} aria-labelledby="support-help-heading">
        <h2 id="support-help-heading" className="text-xl font-semibold">
          Getting help
        </h2>
        <p className="mt-2 text-[var(--color-light)]">{support.placeholder}</p>
        <ul className="mt-6 space-y-4">
          {support.links.map((link) => (
            <li key={link.href}>
              <Link to={link.href} className={`${linkClass} font-semibold`}>
                {link.label}
              </Link>
              <p className="text-sm text-[var(--color-light)]">{link.description}</p>
            </li>
          ))}
        </ul>
      </section>
    </Page>
  )
}
