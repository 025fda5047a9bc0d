import { pageMeta } from '../../../lib/meta'
import { ServicePage } from '../../components/content/service-page'

export const meta = () => pageMeta({ path: '/services/cfd' })

export default function CFDServicePage() {
  return <ServicePage slug="cfd" />
}
