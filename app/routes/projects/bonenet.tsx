import { useLoaderData } from 'react-router'
import { projectPageContent } from '../../../content/projects'
import { pageData } from '../../../lib/page-data'
import { metaFromLoader } from '../../../lib/meta-from-loader'
import { ProjectPage } from '../../components/content/project-page'

export const meta = metaFromLoader

export const loader = () => pageData('/projects/bonenet', projectPageContent('bonenet'))

export default function BoneNetPage() {
  const { content } = useLoaderData<typeof loader>()
  return <ProjectPage project={content} />
}
