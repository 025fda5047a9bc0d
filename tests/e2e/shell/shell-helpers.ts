import { expect } from 'vitest'
import type { Page } from 'playwright-core'

/** expect.poll with more room still (15 s), for what waits on a whole page load or a server round trip. */
export function eventually<T>(fn: () => T | Promise<T>, message?: string) {
  return expect.poll(fn, { timeout: 15_000, interval: 50, message })
}

/**
 * Resolves once React has hydrated the shell: the theme dots re-apply the saved theme on mount,
 * which clears the body background image inline. Clicking earlier would hit the static HTML.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.body.style.backgroundImage === 'none', undefined, { timeout: 30_000 })
}
