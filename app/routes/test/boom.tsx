import { data } from 'react-router'

/**
 * A page that fails while rendering, for the error-boundary test. It exists only when the server runs
 * with ENABLE_TEST_ROUTES=1 (the test harness); otherwise it is an ordinary 404.
 */
export function loader() {
  if (process.env.ENABLE_TEST_ROUTES !== '1') throw data(null, { status: 404 })
  return null
}

export const meta = () => [{ name: 'robots', content: 'noindex' }]

export default function BoomPage(): never {
  throw new Error('Deliberate rendering error (test route)')
}
