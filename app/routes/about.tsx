import { Link, useLoaderData } from 'react-router'
import { about } from '../../content/about'
import { pageData } from '../../lib/page-data'
import { metaFromLoader } from '../../lib/meta-from-loader'
import { cardClass, ContactBand, linkClass, Page, PageHeader, SectionHeading, TickList } from '../components/content/ui'

export const meta = metaFromLoader

export const loader = () => pageData('/about', about)

export default function AboutPage() {
  const { content: about } = useLoaderData<typeof loader>()
  return (
    <Page>
      <PageHeader title={about.heading} intro={about.intro} />

      <section aria-labelledby="story-heading" className="max-w-3xl">
        <SectionHeading id="story-heading">{about.story.heading}</SectionHeading>
        <div className="space-y-4 leading-relaxed">
          {about.story.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      </section>

      <section aria-labelledby="what-heading" className="mt-12">
        <SectionHeading id="what-heading">{about.whatWeDo.heading}</SectionHeading>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {about.whatWeDo.items.map((item) => (
            <li key={item.title} className={cardClass}>
              <h3 className="font-semibold">
                <Link to={item.href} className={linkClass}>
                  {item.title}
                </Link>
              </h3>
              <p className="mt-1 text-[var(--color-light)]">{item.description}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="approach-heading" className="mt-12">
        <SectionHeading id="approach-heading">{about.approach.heading}</SectionHeading>
        <ol className="grid gap-6 md:grid-cols-2">
          {about.approach.items.map((item, i) => (
            <li key={item.title} className="flex gap-4">
              <span aria-hidden="true" className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-[var(--color-shade)] font-bold text-[var(--color-highlight)]">
                {i + 1}
              </span>
              <div>
                <h3 className="font-semibold">{item.title}</h3>
                <p className="mt-1 leading-relaxed text-[var(--color-light)]">{item.description}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="industries-heading" className="mt-12">
        <SectionHeading id="industries-heading">{about.industries.heading}</SectionHeading>
        <TickList items={about.industries.items} className="grid gap-x-8 sm:grid-cols-2 lg:grid-cols-4" />
      </section>

      <ContactBand heading={about.cta.heading} body={about.cta.body} link={about.cta.link} />
    </Page>
  )
}
