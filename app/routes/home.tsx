import { Link, useLoaderData } from 'react-router'
import { home } from '../../content/home'
import { serviceCards } from '../../content/services'
import { pageData } from '../../lib/page-data'
import { metaFromLoader } from '../../lib/meta-from-loader'
import { neverRevalidate } from '../../lib/never-revalidate'
import { FeatureCardList } from '../components/content/feature-card'
import { Icon } from '../components/content/icon'
import { ButtonLink, cardClass, ContactBand, linkClass } from '../components/content/ui'

export const meta = metaFromLoader

export function loader() {
  return pageData('/', {
    home,
    services: serviceCards().map(({ slug, icon, title, path, rateLabel }) => ({ slug, icon, title, path, rateLabel })),
  })
}
// "Ask our assistant" links to /?chat=open: the copy stays as it is.
export const shouldRevalidate = neverRevalidate

export default function HomePage() {
  const { home, services } = useLoaderData<typeof loader>().content
  const { actions } = home
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <section className="py-10 sm:py-16" aria-labelledby="home-heading">
        <p className="mb-3 text-sm font-semibold uppercase tracking-wide text-[var(--color-highlight)]">{home.eyebrow}</p>
        <h1 id="home-heading" className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
          {home.headline}
        </h1>
        <p className="mt-6 max-w-2xl text-lg leading-relaxed text-[var(--color-light)]">{home.intro}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <ButtonLink to={actions.getStarted.href}>{actions.getStarted.label}</ButtonLink>
          <ButtonLink to={actions.viewExamples.href} variant="secondary">
            {actions.viewExamples.label}
          </ButtonLink>
          <ButtonLink to={actions.askAssistant.href} variant="secondary">
            {actions.askAssistant.label}
          </ButtonLink>
        </div>
      </section>

      <section aria-labelledby="features-heading" className="py-8">
        <h2 id="features-heading" className="mb-6 text-2xl font-semibold">
          {home.featuresHeading}
        </h2>
        <FeatureCardList items={home.features} className="sm:grid-cols-2 2xl:grid-cols-4" />
      </section>

      <section aria-labelledby="services-heading" className="py-8">
        <h2 id="services-heading" className="text-2xl font-semibold">
          {home.servicesHeading}
        </h2>
        <p className="mt-2 mb-6 max-w-3xl text-[var(--color-light)]">{home.servicesIntro}</p>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {services.map((service) => (
            <li key={service.slug} className={`${cardClass} !p-4`}>
              <Icon name={service.icon} className="h-6 w-6 text-[var(--color-highlight)]" />
              <h3 className="mt-2 font-semibold">
                <Link to={service.path} className={linkClass}>
                  {service.title}
                </Link>
              </h3>
              <p className="mt-1 text-sm text-[var(--color-light)]">{service.rateLabel}</p>
            </li>
          ))}
        </ul>
      </section>

      <ContactBand heading={home.closing.heading} body={home.closing.body} link={actions.getStarted} />
    </div>
  )
}
