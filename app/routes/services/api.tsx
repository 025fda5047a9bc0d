import { useLoaderData } from 'react-router'
import { servicePageContent } from '../../../content/services'
import { pageData } from '../../../lib/page-data'
import { metaFromLoader } from '../../../lib/meta-from-loader'
import { ServicePage } from '../../components/content/service-page'

export const meta = metaFromLoader

export const loader = () => pageData('/services/api', servicePageContent('api'))

export default function APIServicePage() {
  const { content } = useLoaderData<typeof loader>()
  return <ServicePage content={content} />
}
