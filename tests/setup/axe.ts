import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'

/**
 * An axe-core builder for the page once its animations have finished. Dialogs and images fade in;
 * measured mid-animation, colour contrast would be judged through the opacity and fail at random.
 */
export async function axeWhenSettled(page: Page): Promise<AxeBuilder> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
  return new AxeBuilder({ page })
}

/** What axe finds wrong in the part of the settled page that `selector` picks: each rule broken, with the elements that break it. */
export async function axeViolations(page: Page, selector: string): Promise<string[]> {
  const result = await (await axeWhenSettled(page)).include(selector).analyze()
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}
