import { useLoaderData } from 'react-router'
import { projectPageContent } from '../../../content/projects'
import { pageData } from '../../../lib/page-data'
import { metaFromLoader } from '../../../lib/meta-from-loader'
import { ProjectPage } from '../../components/content/project-page'

export const meta = metaFromLoader

export const loader = () => pageData('/projects/esp32-gauges', projectPageContent('esp32-gauges'))

export default function ESP32GaugesPage() {
  const { content } = useLoaderData<typeof loader>()
  return <ProjectPage project={content} />
}
