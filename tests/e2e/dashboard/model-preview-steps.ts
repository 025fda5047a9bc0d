import { expect } from 'vitest'
import { previewKindOf } from '../../../lib/file-types'
import { tusUpload } from '../../integration/portal/support/tus-upload'
import type { DashboardSuiteEnv } from './dashboard-env'
import type { SeededUser } from './seed'

/** Uploads a file to the user's documents. */
export async function uploadDocument(env: DashboardSuiteEnv, user: SeededUser, name: string, content: string | Buffer) {
  const r = await tusUpload(env.http(user), Buffer.from(content), { filename: name, kind: 'user-box', ownerId: user.id })
  expect(r.status, r.body).toBe(204)
}

/** Opens the preview of a file of the user's documents (or of the page at `path`) and waits until it drew or said why not. */
export async function openPreview(env: DashboardSuiteEnv, user: SeededUser, name: string, path = '/profile') {
  const { page } = await env.openHydrated(user, path)
  await page.getByRole('button', { name: `Preview ${name}` }).click()
  const dialog = page.getByRole('dialog', { name })
  await dialog.waitFor()
  await page.waitForFunction(() => document.querySelector('[data-testid="model-canvas"] canvas[data-rendered="true"], [data-testid="preview-error"]'), undefined, { timeout: 60_000 })
  // A model's first preview also takes its picture for the list; the view is sampled after that.
  if (previewKindOf(name) === 'model' && (await page.getByTestId('preview-error').count()) === 0) {
    await page.waitForFunction(() => document.querySelector('[data-testid="model-canvas"] canvas[data-settled="true"]'), undefined, { timeout: 60_000 })
  }
  return { page, dialog }
}
