import { Link, useLoaderData } from 'react-router'
import { projects, projectsOverview } from '../../../content/projects'
import { pageData } from '../../../lib/page-data'
import { metaFromLoader } from '../../../lib/meta-from-loader'
import { Icon } from '../../components/content/icon'
import { cardClass, linkClass, Page, PageHeader } from '../../components/content/ui'

export const meta = metaFromLoader

export function loader() {
  return pageData('/projects', {
    overview: projectsOverview,
    projects: projects.map(({ slug, path, icon, title, description }) => ({ slug, path, icon, title, description })),
  })
}

export default function ProjectsPage() {
  const { overview: projectsOverview, projects } = useLoaderData<typeof loader>().content
  return (
    <Page>
      <PageHeader title={projectsOverview.heading} intro={projectsOverview.intro} />
      <ul className="grid gap-6 md:grid-cols-2">
        {projects.map((project) => (
          <li key={project.slug} className={`${cardClass} flex flex-col`} data-project={project.slug}>
            <span className="mb-4 inline-flex h-12 w-12 items-center justify-center rounded-lg bg-[var(--color-shade)] text-[var(--color-highlight)]">
              <Icon name={project.icon} className="h-7 w-7" />
            </span>
            <h2 className="text-xl font-semibold">{project.title}</h2>
            <p className="mt-2 mb-6 leading-relaxed text-[var(--color-light)]">{project.description}</p>
            <Link to={project.path} className={`${linkClass} mt-auto font-semibold`} aria-label={`${projectsOverview.viewProject}: ${project.title}`}>
              {projectsOverview.viewProject} →
            </Link>
          </li>
        ))}
      </ul>
    </Page>
  )
}
