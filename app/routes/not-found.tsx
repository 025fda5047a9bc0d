import { data, useLocation } from 'react-router'
import { NotFoundContent } from '../components/layout/not-found-content'
import { site } from '../../lib/site'

export const meta = () => [{ title: `Page not found | ${site.companyName}` }, { name: 'robots', content: 'noindex' }]

export function loader() {
  return data(null, { status: 404 })
}

export default function NotFoundPage() {
  const { pathname } = useLocation()
  return <NotFoundContent pathname={pathname} />
}
