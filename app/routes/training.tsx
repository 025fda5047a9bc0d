import { Link, useLoaderData } from 'react-router'
import { training } from '../../content/training'
import { MAX_TRAINING_PARTICIPANTS, timings, trainingCourses } from '../../lib/catalogue'
import { pageData } from '../../lib/page-data'
import { metaFromLoader } from '../../lib/meta-from-loader'
import { Carousel } from '../components/content/carousel'
import { FeatureCardList } from '../components/content/feature-card'
import { Icon } from '../components/content/icon'
import { cardClass, linkClass, Page, PageHeader, SectionHeading, TickList } from '../components/content/ui'

/** The page's copy, with each catalogue course (duration, level, price) joined to its description. */
export const meta = metaFromLoader

export function loader() {
  const { courses: descriptions, ...copy } = training
  return pageData('/training', {
    training: copy,
    courses: trainingCourses.map((course) => ({ ...course, details: descriptions.find((d) => d.course === course.name) })),
    maxParticipants: MAX_TRAINING_PARTICIPANTS,
    carouselMs: timings.trainingCarouselMs,
  })
}

export default function TrainingPage() {
  const { training, courses, maxParticipants, carouselMs } = useLoaderData<typeof loader>().content
  return (
    <Page>
      <PageHeader title={training.heading} intro={training.intro} />

      <Carousel
        label={training.topicsHeading}
        slides={training.topics}
        slideKey={(t) => t.title}
        slideTitle={(t) => t.title}
        delayMs={carouselMs}
        renderSlide={(topic) => (
          <div className={`${cardClass} flex min-h-40 items-start gap-4`}>
            <Icon name={topic.icon} className="h-10 w-10 shrink-0 text-[var(--color-highlight)]" />
            <div>
              <h3 className="text-xl font-semibold">{topic.title}</h3>
              <p className="mt-2 leading-relaxed text-[var(--color-light)]">{topic.description}</p>
            </div>
          </div>
        )}
      />

      <section aria-labelledby="courses-heading" className="mt-12">
        <SectionHeading id="courses-heading">{training.coursesHeading}</SectionHeading>
        <p className="mb-6 max-w-3xl text-[var(--color-light)]">{training.coursesIntro}</p>
        <ul className="grid gap-6 md:grid-cols-2">
          {courses.map(({ details, ...course }) => (
            <li key={course.name} className={cardClass} data-course={course.name}>
              <div className="flex items-start justify-between gap-3">
                <h3 className="text-xl font-semibold">{course.name}</h3>
                <p className="whitespace-nowrap text-lg font-bold text-[var(--color-highlight)]">
                  £{course.dayPrice}
                  <span className="text-sm font-normal text-[var(--color-light)]"> {training.perDay}</span>
                </p>
              </div>
              {details && <p className="mt-1 text-[var(--color-light)]">{details.summary}</p>}
              <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-[var(--color-light)]">Duration</dt>
                <dd>{course.duration}</dd>
                <dt className="text-[var(--color-light)]">Level</dt>
                <dd>{course.level}</dd>
              </dl>
              {details && (
                <>
                  <h4 className="mt-4 mb-2 text-sm font-semibold uppercase tracking-wide text-[var(--color-light)]">Topics</h4>
                  <TickList items={details.topics} className="text-sm" />
                </>
              )}
            </li>
          ))}
        </ul>
        <p className={`${cardClass} mt-6 flex items-center gap-3 !py-4`}>
          <Icon name="users" className="h-6 w-6 text-[var(--color-highlight)]" />
          <span>
            {training.groupSizeLabel}: <strong data-max-participants="">{maxParticipants} {training.participants}</strong> per group.
          </span>
        </p>
      </section>

      <section aria-labelledby="delivery-heading" className="mt-12">
        <SectionHeading id="delivery-heading">{training.deliveryHeading}</SectionHeading>
        <FeatureCardList items={training.delivery} className="md:grid-cols-3" />
      </section>

      <section aria-labelledby="reasons-heading" className="mt-12">
        <SectionHeading id="reasons-heading">{training.reasonsHeading}</SectionHeading>
        <TickList items={training.reasons} className="grid gap-x-8 sm:grid-cols-2" />
      </section>

      <section aria-labelledby="training-contact-heading" className={`${cardClass} mt-12`}>
        <h2 id="training-contact-heading" className="text-xl font-semibold">
          {training.contact.heading}
        </h2>
        <p className="mt-2 text-[var(--color-light)]">{training.contact.body}</p>
        <ul className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
          {training.contact.links.map((link) => (
            <li key={link.href}>
              <Link to={link.href} className={linkClass}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </Page>
  )
}
