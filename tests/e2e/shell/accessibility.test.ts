import { axeWhenSettled } from '../../setup/axe'
import { describe, expect, it } from 'vitest'
import { waitForHydration } from './shell-helpers'
import type { Page } from 'playwright-core'
import { themes } from '../../../lib/theme'
import { screenshotOnFailure } from '../../setup/browser'
import { browserSuite } from '../../setup/browser-suite'

// The shell's own parts; page content belongs to its feature's tests.
const SHELL = ['header', '#side-panel', 'footer']

describe('the shell passes axe in every theme', () => {
  const suite = browserSuite()

  const violationsOf = async (page: Page, include: string[]) => {
    let builder = (await axeWhenSettled(page)).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    for (const selector of include) builder = builder.include(selector)
    const { violations } = await builder.analyze()
    return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  }

  for (const [themeIndex, theme] of themes.entries()) {
    it(`has no violations in theme ${themeIndex + 1} (${theme.name})`, async () => {
      const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 } })
      const page = await context.newPage()
      const errors: string[] = []
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
      try {
        await page.goto(`${suite.server.url}/`)
        await waitForHydration(page)
        await page.getByRole('button', { name: `Theme ${themeIndex + 1}` }).click()
        // The choice is kept once it shows; a navigation before that would start from the old theme.
        await page.waitForFunction((index) => document.documentElement.dataset.theme === String(index), themeIndex)
        for (const path of ['/', '/services/cfd', '/no-such-page']) {
          await page.goto(suite.server.url + path)
          await waitForHydration(page)
          await page
            .getByTestId('status-services')
            .filter({ hasText: 'Active' })
            .waitFor()
            .catch((error: Error) => {
              // Say what the page said, should System Status ever not finish.
              throw new Error(`${path}: System Status did not finish (${error.message}); console errors: ${JSON.stringify(errors)}`)
            })
          expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(String(themeIndex))
          expect(await violationsOf(page, path === '/no-such-page' ? ['body'] : SHELL), path).toEqual([])
        }
        // The open login dialog and the narrow layout's drawer too.
        await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).click()
        await page.getByRole('dialog').waitFor()
        // Contrast is measured once the opening fade has finished.
        await page.waitForFunction(() => document.getAnimations().every((a) => a.playState === 'finished'))
        expect(await violationsOf(page, ['[role="dialog"]']), 'login dialog').toEqual([])
        await page.keyboard.press('Escape')
        await page.setViewportSize({ width: 800, height: 900 })
        await page.getByTestId('side-panel-toggle').click()
        await page.getByTestId('side-panel').getByRole('button', { name: 'Close side panel' }).waitFor()
        expect(await violationsOf(page, SHELL), 'side panel drawer').toEqual([])
        expect(errors.filter((e) => !e.includes('404'))).toEqual([])
      } catch (error) {
        await screenshotOnFailure(page, `shell-axe-theme-${themeIndex + 1}`)
        throw error
      } finally {
        await context.close()
      }
    })
  }
})
