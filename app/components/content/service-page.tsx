import type { ServicePageContent } from '../../../content/services'
import { Carousel } from './carousel'
import { Icon } from './icon'
import { ButtonLink, Callout, cardClass, Page, PageHeader, SectionHeading, TickList } from './ui'

/** The shared layout of /services/cad, /fea, /cfd, /cam and /api. */
export function ServicePage({ content, children }: { content: ServicePageContent; children?: React.ReactNode }) {
  const { service, rateLabel, requestQuote } = content
  return (
    <Page>
      <PageHeader
        eyebrow={`Services · ${rateLabel}`}
        title={service.title}
        intro={service.summary}
      />
      <div className="max-w-3xl space-y-4 leading-relaxed">
        {service.intro.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </div>

      <section aria-labelledby="capabilities-heading" className="mt-12">
        <SectionHeading id="capabilities-heading">Capabilities</SectionHeading>
        <div className="grid gap-6 md:grid-cols-3">
          {service.capabilities.map((group) => (
            <div key={group.heading} className={cardClass}>
              <h3 className="mb-3 text-lg font-semibold">{group.heading}</h3>
              <TickList items={group.items} />
            </div>
          ))}
        </div>
      </section>

      <Callout title={service.callout.title}>
        <p>{service.callout.body}</p>
      </Callout>

      <div className="grid gap-8 md:grid-cols-2">
        <section aria-labelledby="industries-heading">
          <SectionHeading id="industries-heading">Industries</SectionHeading>
          <TickList items={service.industries} />
        </section>
        <section aria-labelledby="software-heading">
          <SectionHeading id="software-heading">Software</SectionHeading>
          <TickList items={service.software} />
        </section>
      </div>

      {children}

      <Carousel
        label="Training Programs"
        slides={content.trainingPrograms}
        slideKey={(p) => p.title}
        slideTitle={(p) => p.title}
        delayMs={content.carouselMs}
        renderSlide={(program) => {
          const facts = program.facts
          return (
            <div className={`${cardClass} flex min-h-44 gap-4`}>
              <Icon name="award" className="h-8 w-8 shrink-0 text-[var(--color-highlight)]" />
              <div>
                <h3 className="text-lg font-semibold">{program.title}</h3>
                {facts && <p className="mt-1 text-sm font-medium text-[var(--color-highlight)]">{facts}</p>}
                <p className="mt-2 leading-relaxed text-[var(--color-light)]">{program.description}</p>
              </div>
            </div>
          )
        }}
      />

      <div className="mt-10 flex flex-wrap items-center gap-4">
        <ButtonLink to={requestQuote.href}>{requestQuote.label}</ButtonLink>
        <ButtonLink to="/services" variant="secondary">
          All services
        </ButtonLink>
      </div>
    </Page>
  )
}
