import { afterAll, beforeAll, it } from 'vitest'
import { startDashboardEnv, type DashboardEnv } from './dashboard-env'
import { allowPageErrors } from '../../setup/browser'

let env: DashboardEnv
beforeAll(async () => {
  env = await startDashboardEnv(['admin'])
})
afterAll(async () => {
  await env?.stop()
})
it('debug', async () => {
  allowPageErrors(/.*/)
  const admin = await env.user(process.env.WHO ?? 'admin')
  const t = await env.open(admin, '/profile')
  const page = t.page
  await page.setViewportSize({ width: 390, height: 844 })
  for (let i = 0; i < 3; i++) {
    await page.reload()
    await page.waitForTimeout(3000)
    console.log('H1 after reload', await page.locator('h1').allTextContents())
  }
  await page.getByTestId('side-panel-toggle').click()
  await page.waitForTimeout(2000)
  console.log('H1 after panel', await page.locator('h1').allTextContents())
  await t.context.close()
})
