import { camCourses } from '../../../lib/catalogue'
import { pageMeta } from '../../../lib/meta'
import { ServicePage } from '../../components/content/service-page'
import { cardClass, SectionHeading } from '../../components/content/ui'

export const meta = () => pageMeta({ path: '/services/cam' })

export default function CAMServicePage() {
  return (
    <ServicePage slug="cam">
      <section aria-labelledby="cnc-courses-heading" className="mt-12">
        <SectionHeading id="cnc-courses-heading">CNC programming courses</SectionHeading>
        <ul className="grid gap-6 md:grid-cols-3">
          {camCourses.map((course) => (
            <li key={course.code} className={cardClass} data-course={course.code}>
              <p className="text-sm font-semibold text-[var(--color-highlight)]">Course {course.code}</p>
              <h3 className="mt-1 text-lg font-semibold">{course.name}</h3>
              <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-[var(--color-light)]">Duration</dt>
                <dd>{course.duration} hours</dd>
                <dt className="text-[var(--color-light)]">Class size</dt>
                <dd>Up to {course.classSize} participants</dd>
                <dt className="text-[var(--color-light)]">Certificate</dt>
                <dd>{course.certificate}</dd>
              </dl>
            </li>
          ))}
        </ul>
      </section>
    </ServicePage>
  )
}
