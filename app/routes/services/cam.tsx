import { useLoaderData } from 'react-router'
import { servicePageContent } from '../../../content/services'
import { camCourses } from '../../../lib/catalogue'
import { pageData } from '../../../lib/page-data'
import { metaFromLoader } from '../../../lib/meta-from-loader'
import { ServicePage } from '../../components/content/service-page'
import { cardClass, SectionHeading } from '../../components/content/ui'

export const meta = metaFromLoader

export const loader = () => pageData('/services/cam', { ...servicePageContent('cam'), camCourses })

export default function CAMServicePage() {
  const { content } = useLoaderData<typeof loader>()
  return (
    <ServicePage content={content}>
      <section aria-labelledby="cnc-courses-heading" className="mt-12">
        <SectionHeading id="cnc-courses-heading">CNC programming courses</SectionHeading>
        <ul className="grid gap-6 md:grid-cols-3">
          {content.camCourses.map((course) => (
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
              <h4 className="mt-4 text-sm font-semibold">Who it is for</h4>
              <p className="mt-1 text-sm leading-relaxed" data-course-target>
                {course.target}
              </p>
              <h4 className="mt-4 text-sm font-semibold">What you learn</h4>
              <ul className="mt-1 list-disc space-y-1 pl-5 text-sm" data-course-topics>
                {course.learningTopics.map((topic) => (
                  <li key={topic}>{topic}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>
    </ServicePage>
  )
}
