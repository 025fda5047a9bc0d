import { Link, useLoaderData } from 'react-router'
import { serviceCards, servicesOverview } from '../../../content/services'
import { pageData } from '../../../lib/page-data'
import { metaFromLoader } from '../../../lib/meta-from-loader'
import { Icon } from '../../components/content/icon'
import { ButtonLink, cardClass, linkClass, Page, PageHeader, TickList } from '../../components/content/ui'

export const meta = metaFromLoader

export const loader = () => pageData('/services', { overview: servicesOverview, services: serviceCards() })

export default function ServicesPage() {
  const { overview: servicesOverview, services } = useLoaderData<typeof loader>().content
  return (
    <Page>
      <PageHeader title={servicesOverview.heading} intro={servicesOverview.intro} />
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {services.map((service) => (
          <li key={service.slug} className={`${cardClass} flex flex-col`} data-service={service.slug}>
            <div className="flex items-start justify-between gap-3">
              <span className="inline-flex h-11 w-11 items-center justify-center rounded-lg bg-[var(--color-shade)] text-[var(--color-highlight)]">
                <Icon name={service.icon} />
              </span>
              <p className="rounded-full bg-[var(--color-shade)] px-3 py-1 text-sm font-semibold text-[var(--color-highlight)]" data-rate="">
                {service.rateLabel}
              </p>
            </div>
            <h2 className="mt-4 text-xl font-semibold">{service.title}</h2>
            <p className="mt-2 text-[var(--color-light)]">{service.summary}</p>
            <TickList items={service.features} className="mt-4 mb-6 text-sm" />
            <Link to={service.path} className={`${linkClass} mt-auto font-semibold`} aria-label={`${servicesOverview.learnMore} about ${service.title}`}>
              {servicesOverview.learnMore} →
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-8 text-sm text-[var(--color-light)]">{servicesOverview.ratesNote}</p>
      <div className="mt-6">
        <ButtonLink to={servicesOverview.requestQuote.href}>{servicesOverview.requestQuote.label}</ButtonLink>
      </div>
    </Page>
  )
}
