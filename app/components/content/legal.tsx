import type { TextSection } from '../../../content/types'
import type { ReactNode } from 'react'
import { linkClass, Page, PageHeader } from './ui'

/** A legal page: its heading and its sections, at reading width. */
export function LegalPage({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <Page>
      <div className="max-w-3xl">
        <PageHeader title={title} intro={intro} />
        {children}
      </div>
    </Page>
  )
}

/** A numbered or plain section of a legal page. */
export function LegalSection({ section, number, children }: { section: TextSection; number?: number; children?: ReactNode }) {
  return (
    <section className="mt-8">
      <h2 className="text-xl font-semibold">
        {number !== undefined && <span>{number}. </span>}
        {section.heading}
      </h2>
      {section.paragraphs.map((p) => (
        <p key={p} className="mt-3 leading-relaxed">
          {p}
        </p>
      ))}
      {section.items && (
        <ul className="mt-3 list-disc space-y-1 pl-6 leading-relaxed">
          {section.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
      {children}
    </section>
  )
}

export function MailtoLink({ email }: { email: string }) {
  return (
    <a href={`mailto:${email}`} className={linkClass}>
      {email}
    </a>
  )
}

/** A legal page's sections in order, numbered or not; the last ends with the address to write to. */
export function LegalSections({ sections, email, numbered = false }: { sections: TextSection[]; email: string; numbered?: boolean }) {
  const last = sections.length - 1
  return sections.map((section, i) => (
    <LegalSection key={section.heading} section={section} number={numbered ? i + 1 : undefined}>
      {i === last && (
        <p className="mt-3">
          Email: <MailtoLink email={email} />
        </p>
      )}
    </LegalSection>
  ))
}
