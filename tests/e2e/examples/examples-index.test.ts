import { describe, expect, it } from 'vitest'
import { examples } from '../../../content/examples/list'
import { expectNoAxeViolations, expectNoConsoleErrors, waitForHydration, useExamplesEnv } from './examples-env'

const slugsByCategory = {
  FEA: ['wind-load-silo'],
  CFD: ['thermal-retention-study', 'aerodynamic-trailer', 'sliotar-cfd'],
  CAD: ['sketch-to-drawing', 'detailed-drafting', 'concept-communication'],
} as const

describe('visitor browses the technical examples', () => {
  const env = useExamplesEnv()

  const cardLinks = async (page: import('playwright-core').Page) =>
    page.locator('[data-testid="example-card"] a').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname))

  it('shows the heading and seven cards with title, badge, description and View Details →', async () => {
    const { page, errors } = await env.newPage()
    await page.goto('/examples')
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Technical Examples')
    const cards = page.locator('[data-testid="example-card"]')
    expect(await cards.count()).toBe(7)
    for (const example of examples) {
      const card = cards.filter({ has: page.getByRole('heading', { name: example.title, exact: true }) })
      expect(await card.count()).toBe(1)
      expect(await card.getByText(example.category, { exact: true }).count()).toBe(1)
      expect(await card.getByText(example.description).isVisible()).toBe(true)
      // The visible text is "View Details →"; the link's accessible name adds the study's title.
      const link = card.getByRole('link', { name: example.title })
      expect(await link.evaluate((a) => a.firstChild?.textContent)).toBe('View Details →')
      expect(new URL(await link.evaluate((a) => (a as HTMLAnchorElement).href)).pathname).toBe(`/examples/${example.id}`)
    }
    expect((await cardLinks(page)).sort()).toEqual(Object.values(slugsByCategory).flat().map((s) => `/examples/${s}`).sort())
    expect(await page.getByRole('button', { name: 'All Projects' }).getAttribute('aria-pressed')).toBe('true')
    expectNoConsoleErrors(errors)
  })

  it('each filter button shows its category only and puts it in the URL', async () => {
    const { page, errors } = await env.newPage()
    await page.goto('/examples')
    await waitForHydration(page)
    for (const category of ['CFD', 'FEA', 'CAD'] as const) {
      await page.getByRole('button', { name: category, exact: true }).click()
      await page.waitForURL((url) => url.searchParams.get('category') === category)
      await expect.poll(async () => (await cardLinks(page)).sort()).toEqual(slugsByCategory[category].map((s) => `/examples/${s}`).sort())
      expect(await page.getByRole('button', { name: category, exact: true }).getAttribute('aria-pressed')).toBe('true')
      expect(await page.getByRole('button', { name: 'All Projects' }).getAttribute('aria-pressed')).toBe('false')
    }
    // Any button sets its filter directly, including back to all.
    await page.getByRole('button', { name: 'All Projects' }).click()
    await page.waitForURL((url) => !url.searchParams.has('category'))
    await expect.poll(() => page.locator('[data-testid="example-card"]').count()).toBe(7)
    expectNoConsoleErrors(errors)
  })

  it('a shared ?category=FEA link shows only the FEA study once the page is interactive', async () => {
    const { page, errors } = await env.newPage()
    await page.goto('/examples?category=FEA')
    await waitForHydration(page)
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="example-card"]').length === 1)
    expect(await cardLinks(page)).toEqual(['/examples/wind-load-silo'])
    expect(await page.getByRole('button', { name: 'FEA', exact: true }).getAttribute('aria-pressed')).toBe('true')
    expectNoConsoleErrors(errors)
  })

  it('a card link opens its case study', async () => {
    const { page, errors } = await env.newPage()
    await page.goto('/examples')
    await waitForHydration(page)
    await page.locator('[data-testid="example-card"]').filter({ hasText: 'Sliotar' }).getByRole('link').click()
    await page.waitForURL('**/examples/sliotar-cfd')
    await page.getByRole('heading', { level: 1, name: 'Sliotar Seam Aerodynamics', exact: true }).waitFor()
    expectNoConsoleErrors(errors)
  })

  it('has no axe violations', async () => {
    const { page, errors } = await env.newPage()
    await page.goto('/examples')
    await waitForHydration(page)
    await expectNoAxeViolations(page)
    expectNoConsoleErrors(errors)
  })
})
