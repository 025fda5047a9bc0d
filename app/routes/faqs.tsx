import { Link, useLoaderData } from 'react-router'
import { faqGroups, faqsPage } from '../../content/faqs'
import { pageData } from '../../lib/page-data'
import { metaFromLoader } from '../../lib/meta-from-loader'
import { ButtonLink, linkClass, Page, PageHeader, SectionHeading } from '../components/content/ui'

/** FAQPage structured data, so search engines can show the answers directly. */
function faqJsonLd() {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqGroups.flatMap((group) =>
      group.faqs.map((faq) => ({ '@type': 'Question', name: faq.question, acceptedAnswer: { '@type': 'Answer', text: faq.answer } })),
    ),
  }
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-')

export const meta = metaFromLoader

export function loader() {
  return pageData('/faqs', {
    page: faqsPage,
    groups: faqGroups.map((group) => ({ ...group, headingId: `${slug(group.heading)}-heading` })),
    // Serialised here, ready for the page's <script type="application/ld+json">.
    jsonLd: JSON.stringify(faqJsonLd()).replace(/</g, '\\u003c'),
  })
}

export default function FaqsPage() {
  const { content } = useLoaderData<typeof loader>()
  const { page: faqsPage, groups } = content
  return (
    <Page>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: content.jsonLd }} />
      <PageHeader title={faqsPage.heading} intro={faqsPage.intro} />
      <div className="max-w-3xl space-y-10">
        {groups.map((group) => (
          <section key={group.heading} aria-labelledby={group.headingId}>
            <SectionHeading id={group.headingId}>{group.heading}</SectionHeading>
            <div className="space-y-3">
              {group.faqs.map((faq) => (
                <details key={faq.question} className="group rounded-xl border border-[var(--color-border)] bg-[var(--color-foreground)]">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl p-4 font-semibold focus-visible:outline-2 focus-visible:outline-[var(--color-highlight)] [&::-webkit-details-marker]:hidden">
                    {faq.question}
                    <span aria-hidden="true" className="text-[var(--color-highlight)] transition-transform group-open:rotate-45">
                      +
                    </span>
                  </summary>
                  <div className="px-4 pb-4 leading-relaxed text-[var(--color-light)]">
                    <p>{faq.answer}</p>
                    {faq.link && (
                      <p className="mt-2">
                        <Link to={faq.link.href} className={linkClass}>
                          {faq.link.label}
                        </Link>
                      </p>
                    )}
                  </div>
                </details>
              ))}
            </div>
          </section>
        ))}
      </div>
      <div className="mt-12">
        <ButtonLink to={faqsPage.moreHelp.href}>{faqsPage.moreHelp.label}</ButtonLink>
      </div>
    </Page>
  )
}
