import { pageMeta } from '../../../lib/meta'
import { ServicePage } from '../../components/content/service-page'

export const meta = () => pageMeta({ path: '/services/api' })

export default function APIServicePage() {
  return <ServicePage slug="api" />
}
