import { describe, expect, it } from 'vitest'
import { axeViolations } from '../../setup/axe'
import { cutTheSecondChunk, unexpectedErrors, useDashboardEnv, viewports } from './dashboard-env'
import { objModel, sha256 } from './fixtures'
import { cookieHeader } from './seed'

/** The start of a SolidWorks part as SolidWorks wrote it up to 2014: an OLE compound file. */
const sldprt = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(16), Buffer.from([0x3e, 0x00, 0x03, 0x00, 0xfe, 0xff, 0x09, 0x00]), Buffer.alloc(4000, 9)])

const CHUNK = 8 * 1024 * 1024

describe('client dashboard: uploads that behave', () => {
  const env = useDashboardEnv('dashboard-uploads')

  it.each(viewports)('a SolidWorks part dropped on the documents uploads and is listed as a download without preview ($name, $width px)', async (viewport) => {
    const { user, page, errors } = await env.openAsNewUser(`drop-${viewport.name}`, '/profile', viewport)
    await page.getByText('No files found').waitFor()

    // A real drop: the file in a DataTransfer, over the zone, then dropped on it.
    const dataTransfer = await page.evaluateHandle((bytes) => {
      const transfer = new DataTransfer()
      transfer.items.add(new File([new Uint8Array(bytes)], 'bracket.sldprt', { type: '' }))
      return transfer
    }, [...sldprt])
    const zone = page.getByTestId('drop-user-box')
    await zone.dispatchEvent('dragenter', { dataTransfer })
    await zone.dispatchEvent('dragover', { dataTransfer })
    await zone.dispatchEvent('drop', { dataTransfer })

    await page.getByText(`File uploaded successfully: user-box/${user.id}/bracket.sldprt`).waitFor()
    const row = page.getByRole('row').filter({ hasText: 'bracket.sldprt' })
    await row.waitFor()
    expect((await row.getByRole('cell').allTextContents()).slice(1, 2)).toEqual(['SLDPRT'])
    // Its icon is the registry's native-CAD one.
    expect(await row.locator('svg[data-icon]').first().getAttribute('data-icon')).toBe('cad')
    await row.getByRole('link', { name: 'Download bracket.sldprt' }).waitFor()
    expect(await row.getByRole('button', { name: /Preview/ }).count()).toBe(0)
    const stored = await fetch(`${env.server.url}/files/user-box/${user.id}/bracket.sldprt`, { headers: { cookie: cookieHeader(user) } })
    expect(stored.status).toBe(200)
    expect(sha256(await stored.arrayBuffer())).toBe(sha256(sldprt))
    expect(unexpectedErrors(errors)).toEqual([])
  })

  it('several files chosen at once each show their own progress and are all listed', async () => {
    const { user, page, errors } = await env.openAsNewUser('several')
    await page.getByText('No files found').waitFor()
    // Every PATCH is slowed so that both files can be seen on their way together.
    await page.route('**/uploads/**', async (route) => {
      if (route.request().method() === 'PATCH') await new Promise((r) => setTimeout(r, 700))
      await route.continue()
    })
    const first = objModel(9_000_000)
    const second = objModel(10_000_000)
    await page.getByLabel('Choose a document').setInputFiles([
      { name: 'north-wing.obj', mimeType: 'model/obj', buffer: first },
      { name: 'south-wing.obj', mimeType: 'model/obj', buffer: second },
    ])
    // From the keyboard: the button takes Enter.
    await page.getByRole('button', { name: 'Upload document' }).focus()
    await page.keyboard.press('Enter')

    const uploads = page.getByRole('list', { name: 'Uploads' })
    await uploads.getByRole('progressbar', { name: 'Upload progress of north-wing.obj' }).waitFor()
    await uploads.getByRole('progressbar', { name: 'Upload progress of south-wing.obj' }).waitFor()
    expect(await page.getByRole('button', { name: /^Uploading\.\.\. \d+%$/ }).isDisabled()).toBe(true)

    for (const name of ['north-wing.obj', 'south-wing.obj']) {
      await uploads.getByRole('listitem').filter({ hasText: name }).getByText('Uploaded').waitFor({ timeout: 30_000 })
      await page.getByRole('row').filter({ hasText: name }).waitFor()
    }
    expect(await page.getByRole('button', { name: 'Upload document' }).isDisabled()).toBe(false)
    for (const [name, bytes] of [
      ['north-wing.obj', first],
      ['south-wing.obj', second],
    ] as const) {
      const stored = await fetch(`${env.server.url}/files/user-box/${user.id}/${name}`, { headers: { cookie: cookieHeader(user) } })
      expect(sha256(await stored.arrayBuffer()), name).toBe(sha256(bytes))
    }
    expect(unexpectedErrors(errors)).toEqual([])
  })

  it.each(viewports)('an upload cut off when the browser goes offline waits for the connection and resumes by itself when back online ($name, $width px)', async (viewport) => {
    const { user, page, context, errors } = await env.openAsNewUser(`offline-${viewport.name}`, '/profile', viewport)
    await page.getByText('No files found').waitFor()

    const patchOffsets = await cutTheSecondChunk(page, 500, async () => {
      // The Wi-Fi drops while the second chunk is on its way.
      await context.setOffline(true)
      return 'internetdisconnected'
    })

    const model = objModel(12_000_000)
    await page.getByLabel('Choose a document').setInputFiles({ name: 'plant-room.obj', mimeType: 'model/obj', buffer: model })
    await page.getByRole('button', { name: 'Upload document' }).click()

    const item = page.getByRole('list', { name: 'Uploads' }).getByRole('listitem').filter({ hasText: 'plant-room.obj' })
    await item.getByText('Waiting for the connection…').waitFor()
    // It keeps waiting, with no error, for as long as the browser is offline.
    await page.waitForTimeout(4000)
    expect(await item.getAttribute('data-state')).toBe('waiting')
    expect(await page.getByText(/Error handling file|Failed:/).count()).toBe(0)
    expect(await axeViolations(page, '[data-testid="drop-user-box"]')).toEqual([])

    await context.setOffline(false)
    await page.getByText(`File uploaded successfully: user-box/${user.id}/plant-room.obj`).waitFor({ timeout: 30_000 })
    await page.getByRole('row').filter({ hasText: 'plant-room.obj' }).waitFor()
    // Resumed from the 8 MiB the server had confirmed, not from zero, and without pressing Upload again.
    expect(patchOffsets[0]).toBe(0)
    expect(patchOffsets.filter((o) => o === 0)).toHaveLength(1)
    expect(patchOffsets.at(-1)).toBe(CHUNK)
    const stored = await fetch(`${env.server.url}/files/user-box/${user.id}/plant-room.obj`, { headers: { cookie: cookieHeader(user) } })
    expect(sha256(await stored.arrayBuffer())).toBe(sha256(model))
    expect(unexpectedErrors(errors, [/ERR_INTERNET_DISCONNECTED|net::ERR_FAILED/])).toEqual([])
  })
})
