import { pageMeta } from '../../../lib/meta'
import { ServicePage } from '../../components/content/service-page'

export const meta = () => pageMeta({ path: '/services/fea' })

export default function FEAServicePage() {
  return <ServicePage slug="fea" />
}
