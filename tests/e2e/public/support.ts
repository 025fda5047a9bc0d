import { readFileSync } from 'node:fs'
import path from 'node:path'
import { axeWhenSettled } from '../../setup/axe'
import pg from 'pg'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import type { TestServer } from '../../setup/test-server'

/** Runs axe-core over the page content (the <main> region our pages fill) and fails on any violation. */
export async function expectNoAxeViolations(page: Page, include = 'main') {
  const results = await (await axeWhenSettled(page)).include(include).analyze()
  const summary = results.violations.map((v) => `${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`)
  expect(summary).toEqual([])
}

/** The axe check in each of the three themes, chosen with the header's theme dots. */
export async function expectNoAxeViolationsInEveryTheme(page: Page, include = 'main') {
  for (const theme of ['Theme 1', 'Theme 2', 'Theme 3']) {
    await page.getByRole('button', { name: theme, exact: true }).click()
    await expectNoAxeViolations(page, include)
  }
}

/** Queries the test server's embedded PostgreSQL (its connection settings live in its DATA_DIR). */
export async function queryServerDatabase<T extends pg.QueryResultRow>(server: TestServer, text: string, values: unknown[] = []): Promise<T[]> {
  const settings = JSON.parse(readFileSync(path.join(server.dataDir, 'postgres.json'), 'utf8')) as { port: number; password: string }
  const client = new pg.Client({ host: '127.0.0.1', port: settings.port, user: 'postgres', password: settings.password, database: 'app' })
  await client.connect()
  try {
    return (await client.query<T>(text, values)).rows
  } finally {
    await client.end()
  }
}

/** Visible text of every element matching the selector. */
export async function texts(page: Page, selector: string): Promise<string[]> {
  return (await page.locator(selector).allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim())
}
