import { pageMeta } from '../../../lib/meta'
import { ServicePage } from '../../components/content/service-page'

export const meta = () => pageMeta({ path: '/services/cad' })

export default function CADServicePage() {
  return <ServicePage slug="cad" />
}
