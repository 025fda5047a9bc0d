import { Link } from 'react-router'
import type { ProjectPageContent } from '../../../content/projects'
import { Icon } from './icon'
import { ButtonLink, linkClass, Page, PageHeader, SectionHeading, TickList } from './ui'

/** The shared layout of the two project pages. */
export function ProjectPage({ project }: { project: ProjectPageContent }) {
  return (
    <Page>
      <p className="mb-6">
        <Link to="/projects" className={linkClass}>
          ← All projects
        </Link>
      </p>
      <div className="mb-4 inline-flex h-14 w-14 items-center justify-center rounded-xl bg-[var(--color-shade)] text-[var(--color-highlight)]">
        <Icon name={project.icon} className="h-8 w-8" />
      </div>
      <PageHeader title={project.title} intro={project.intro} />
      <a
        href={project.githubUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-2 rounded-lg bg-[var(--color-highlight)] px-5 py-3 font-semibold text-[var(--color-background)] hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        View on GitHub
        <span className="sr-only"> (opens in a new tab)</span>
        <span aria-hidden="true">↗</span>
      </a>
      <div className="mt-10 max-w-3xl space-y-10">
        {project.sections.map((section) => (
          <section key={section.heading}>
            <SectionHeading>{section.heading}</SectionHeading>
            <div className="space-y-4 leading-relaxed">
              {section.paragraphs.map((p) => (
                <p key={p}>{p}</p>
              ))}
            </div>
            {section.items && <TickList items={section.items} className="mt-4" />}
          </section>
        ))}
      </div>
      <div className="mt-12">
        <ButtonLink to="/contact">Discuss a similar project</ButtonLink>
      </div>
    </Page>
  )
}
