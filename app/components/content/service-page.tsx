import { findService, servicesOverview, type TrainingProgram } from '../../../content/services'
import { camCourses, formatRate, serviceRates, timings, trainingCourses, type ServiceSlug } from '../../../lib/catalogue'
import { Carousel } from './carousel'
import { Icon } from './icon'
import { ButtonLink, Callout, cardClass, Page, PageHeader, SectionHeading, TickList } from './ui'

/** Facts for a training slide, looked up in the catalogue so the numbers live in one place. */
function courseFacts(program: TrainingProgram): string | undefined {
  const general = trainingCourses.find((c) => c.name === program.course)
  if (general) return `${general.duration} · ${general.level} · £${general.dayPrice}/day`
  const cam = camCourses.find((c) => c.name === program.course)
  if (cam) return `${cam.duration} hours · up to ${cam.classSize} participants · ${cam.certificate.toLowerCase()}`
  return undefined
}

/** The shared layout of /services/cad, /fea, /cfd, /cam and /api. */
export function ServicePage({ slug, children }: { slug: ServiceSlug; children?: React.ReactNode }) {
  const service = findService(slug)
  const rate = serviceRates.find((r) => r.slug === slug)!
  return (
    <Page>
      <PageHeader
        eyebrow={`Services · ${formatRate(rate)}`}
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
        slides={service.trainingPrograms}
        slideKey={(p) => p.title}
        slideTitle={(p) => p.title}
        delayMs={timings.serviceCarouselMs}
        renderSlide={(program) => {
          const facts = courseFacts(program)
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
        <ButtonLink to={servicesOverview.requestQuote.href}>{servicesOverview.requestQuote.label}</ButtonLink>
        <ButtonLink to="/services" variant="secondary">
          All services
        </ButtonLink>
      </div>
    </Page>
  )
}
