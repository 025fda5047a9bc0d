import { pageMeta } from '../../../lib/meta'
import { ProjectPage } from '../../components/content/project-page'

export const meta = () => pageMeta({ path: '/projects/bonenet' })

export default function BoneNetPage() {
  return <ProjectPage slug="bonenet" />
}
