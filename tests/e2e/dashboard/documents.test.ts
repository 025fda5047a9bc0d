import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { cutTheSecondChunk, hydrated, testUploadLimit, unexpectedErrors, useDashboardEnv } from './dashboard-env'
import { objModel, pdf, png, sha256, zipWith } from './fixtures'
import { cookieHeader } from './seed'

describe('dashboard: documents and the company logo', () => {
  const env = useDashboardEnv('dashboard-documents', ['boss'])

  it('a document upload shows its progress, survives a dropped connection and resumes from the confirmed offset', async () => {
    const { user, page, errors } = await env.openAsNewUser('resume')
    await page.getByText('No files found').waitFor()

    // The second chunk's connection drops once; every PATCH is slowed so the progress can be seen.
    let dropped = false
    let listedMidway: string[] | null = null
    const patchOffsets = await cutTheSecondChunk(page, 600, async () => {
      dropped = true
      // Half-way through, the file is not listed yet: only complete uploads appear.
      const listing = (await (await fetch(`${env.server.url}/profile/documents`, { headers: { cookie: cookieHeader(user) } })).json()) as { files: { name: string }[] }
      listedMidway = listing.files.map((f) => f.name)
      return 'connectionreset'
    })

    const model = objModel(12_000_000)
    await page.getByLabel('Choose a document').setInputFiles({ name: 'site-survey.obj', mimeType: 'model/obj', buffer: model })
    const button = page.getByRole('button', { name: /Upload document|Uploading/ })
    await button.click()
    await page.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => /^Uploading\.\.\. \d+%$/.test(b.textContent ?? '') && b.disabled))
    // A percentage between the ends is shown while the second chunk is on its way.
    await page.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => /^Uploading\.\.\. ([1-9]\d?)%$/.test(b.textContent ?? '')))
    const message = `File uploaded successfully: user-box/${user.id}/site-survey.obj`
    await page.getByText(message).waitFor({ timeout: 30_000 })
    expect(await page.getByRole('status').filter({ hasText: message }).getAttribute('aria-live')).toBe('polite')
    expect(await button.textContent()).toBe('Upload document')
    expect(await button.isDisabled()).toBe(false)

    // One drop, then the upload carried on from the 8 MiB the server had confirmed, not from zero.
    expect(dropped).toBe(true)
    expect(listedMidway).toEqual([])
    expect(patchOffsets[0]).toBe(0)
    expect(patchOffsets.filter((o) => o === 0)).toHaveLength(1)
    expect(patchOffsets.at(-1)).toBe(8 * 1024 * 1024)

    const row = page.getByRole('row').filter({ hasText: 'site-survey.obj' })
    await row.waitFor()
    expect((await row.getByRole('cell').allTextContents()).slice(0, 3)).toEqual(['site-survey.obj', 'OBJ', '12 MB'])
    expect(await row.getByRole('cell').nth(3).textContent()).toMatch(/\d{4}/)
    const stored = await fetch(`${env.server.url}/files/user-box/${user.id}/site-survey.obj`, { headers: { cookie: cookieHeader(user) } })
    expect(stored.status).toBe(200)
    expect(sha256(await stored.arrayBuffer())).toBe(sha256(model))
    expect(unexpectedErrors(errors, [/ERR_CONNECTION_RESET|net::ERR_FAILED/])).toEqual([])
  })

  it('a pdf opens in a new tab, a zip downloads, and a document is deleted after confirming', async () => {
    const { user, page, context, errors } = await env.openAsNewUser('files')
    const zip = zipWith('readme.txt', 'Drawings for the bracket.')
    for (const file of [
      { name: 'plan.pdf', mimeType: 'application/pdf', buffer: pdf },
      { name: 'drawings.zip', mimeType: 'application/zip', buffer: zip },
    ]) {
      await page.getByLabel('Choose a document').setInputFiles(file)
      await page.getByRole('button', { name: 'Upload document' }).click()
      await page.getByText(`File uploaded successfully: user-box/${user.id}/${file.name}`).waitFor()
    }
    await page.getByRole('row').filter({ hasText: 'drawings.zip' }).waitFor()
    expect(await page.getByRole('row').filter({ hasText: 'plan.pdf' }).getByRole('cell').nth(1).textContent()).toBe('PDF')

    const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Open plan.pdf in a new tab' }).click()])
    await tab.waitForLoadState('domcontentloaded').catch(() => {})
    expect(new URL(tab.url()).pathname).toBe(`/files/user-box/${user.id}/plan.pdf`)
    await page.getByText('File opened successfully: plan.pdf').waitFor()
    await tab.close()

    expect(await page.getByRole('link', { name: 'Open drawings.zip in a new tab' }).count()).toBe(0)
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download drawings.zip' }).click()])
    expect(download.suggestedFilename()).toBe('drawings.zip')
    expect(sha256(await readFile((await download.path())!))).toBe(sha256(zip))
    await page.getByText('File downloaded successfully: drawings.zip').waitFor()

    const row = page.getByRole('row').filter({ hasText: 'drawings.zip' })
    await row.getByRole('button', { name: 'Delete drawings.zip' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure?' })
    await dialog.getByRole('button', { name: 'No!' }).click()
    expect(await row.count()).toBe(1)
    await row.getByRole('button', { name: 'Delete drawings.zip' }).click()
    await dialog.getByRole('button', { name: 'Yes' }).click()
    await page.getByText('File deleted successfully: drawings.zip').waitFor()
    await row.waitFor({ state: 'detached' })
    expect(await page.getByRole('row').filter({ hasText: 'plan.pdf' }).count()).toBe(1)
    expect(unexpectedErrors(errors)).toEqual([])
  })

  it('says "Error deleting file" when the file is already gone', async () => {
    const { user, page, errors } = await env.openAsNewUser('gone')
    await page.getByLabel('Choose a document').setInputFiles({ name: 'old.pdf', mimeType: 'application/pdf', buffer: pdf })
    await page.getByRole('button', { name: 'Upload document' }).click()
    await page.getByRole('row').filter({ hasText: 'old.pdf' }).waitFor()
    // Deleted elsewhere (another tab) while this list still shows it.
    const elsewhere = await fetch(`${env.server.url}/profile`, { method: 'POST', body: new URLSearchParams({ intent: 'delete-file', path: `user-box/${user.id}/old.pdf` }), headers: { cookie: cookieHeader(user), origin: env.server.url } })
    expect(elsewhere.status).toBe(200)
    await page.getByRole('button', { name: 'Delete old.pdf' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click()
    await page.getByText('Error deleting file: File not found').waitFor()
    await page.getByText('No files found').waitFor()
    expect(unexpectedErrors(errors, [/status of 404/])).toEqual([])
  })

  it('refuses a type the server would refuse, or a file over the size limit, by name and before any byte is sent', async () => {
    const { page, errors } = await env.openAsNewUser('limits')
    const uploads: string[] = []
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/uploads')) uploads.push(`${r.method()} ${r.url()}`)
    })
    const picker = page.getByLabel('Choose a document')
    // The picker offers what the server keeps: no catch-all image/* or video/*.
    expect(await picker.getAttribute('accept')).not.toMatch(/image\/\*|video\/\*/)
    for (const [name, mimeType] of [
      ['tool.exe', 'application/x-msdownload'],
      ['clip.mkv', 'video/x-matroska'],
      ['drawing.svg', 'image/svg+xml'],
      ['photo.heic', 'image/heic'],
    ]) {
      await picker.setInputFiles({ name: name!, mimeType: mimeType!, buffer: Buffer.from('data') })
      await page.getByRole('button', { name: 'Upload document' }).click()
      const message = `${name}: this file type is not accepted. Please choose images (JPEG, PNG, GIF, WebP), video (MP4, MOV, WebM, AVI), PDF`
      await page.getByText(message, { exact: false }).waitFor()
      expect(await picker.getAttribute('aria-invalid')).toBe('true')
      expect(await picker.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent)).toMatch(new RegExp(`^${name!.replace('.', '\\.')}: `))
    }

    // A file one byte over the limit, made inside the page: its size is what is checked, and sending
    // 20 MB through the browser's control channel would cost seconds for nothing.
    await picker.evaluate((input: HTMLInputElement, size: number) => {
      const files = new DataTransfer()
      files.items.add(new File([new Uint8Array(size)], 'huge.obj', { type: 'model/obj' }))
      input.files = files.files
      input.dispatchEvent(new Event('change', { bubbles: true }))
    }, testUploadLimit + 1)
    await page.getByRole('button', { name: 'Upload document' }).click()
    await page.getByText('huge.obj: the file is larger than the upload limit of 20 MB').waitFor()
    expect(await page.getByText('No files found').count()).toBe(1)
    expect(uploads).toEqual([])
    expect(unexpectedErrors(errors)).toEqual([])
  })

  it('the company logo takes images only, is public, and a new one replaces it', async () => {
    const { user, page, errors } = await env.openAsNewUser('logo', '/profile/settings')
    await page.getByText('No logo yet').waitFor()

    const uploads: string[] = []
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/uploads')) uploads.push(r.method())
    })
    expect(await page.getByLabel('Choose an image').getAttribute('accept')).toBe('.jpg,.jpeg,.png,.gif,.webp')
    for (const [name, mimeType] of [
      ['notes.txt', 'text/plain'],
      ['logo.svg', 'image/svg+xml'],
      ['logo.tiff', 'image/tiff'],
    ]) {
      await page.getByLabel('Choose an image').setInputFiles({ name: name!, mimeType: mimeType!, buffer: Buffer.from('hello') })
      await page.getByRole('button', { name: 'Upload logo' }).click()
      await page.getByText(`${name}: Only images can be uploaded here (JPEG, PNG, GIF or WebP)`).waitFor()
    }
    // Named as a PNG but reported as SVG by the browser: refused before sending too.
    await page.getByLabel('Choose an image').setInputFiles({ name: 'sneaky.png', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg/>') })
    await page.getByRole('button', { name: 'Upload logo' }).click()
    await page.getByText('sneaky.png: the file content does not match its type (image/svg+xml)').waitFor()
    expect(uploads).toEqual([])

    // Named like an image but not one: the server reads the content and refuses it.
    await page.getByLabel('Choose an image').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('this is not a picture at all') })
    await page.getByRole('button', { name: 'Upload logo' }).click()
    await page.getByText(/^Error handling file: /).waitFor()
    await page.getByText('No logo yet').waitFor()

    await page.getByLabel('Choose an image').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png })
    await page.getByRole('button', { name: 'Upload logo' }).click()
    const img = page.getByRole('img', { name: 'Company logo' })
    await img.waitFor()
    const src = (await img.getAttribute('src'))!
    expect(src).toBe(`/files/profile-pictures/${user.id}/logo.png`)
    expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(1)
    // Readable by anyone, signed in or not.
    const anonymous = await fetch(env.server.url + src)
    expect(anonymous.status).toBe(200)
    expect(sha256(await anonymous.arrayBuffer())).toBe(sha256(png))

    await page.getByLabel('Choose an image').setInputFiles({ name: 'logo-2.png', mimeType: 'image/png', buffer: png })
    await page.getByRole('button', { name: 'Upload logo' }).click()
    await page.waitForFunction(() => document.querySelector('img[alt="Company logo"]')?.getAttribute('src')?.endsWith('/logo-2.png'))
    // The replaced file is gone; only the logo in use remains.
    expect((await fetch(env.server.url + src)).ok).toBe(false)
    expect(unexpectedErrors(errors, [/status of 415/])).toEqual([])
  })

  it('an admin uploads into a client’s documents and sets their logo; the client sees both', async () => {
    const boss = await env.user('boss')
    const client = await env.user('client')
    const { page, errors } = await env.openHydrated(boss, `/profile?client=${client.id}`)
    await page.getByRole('heading', { name: 'Client Documents' }).waitFor()
    await page.getByText('No files found').waitFor()
    await page.getByLabel('Choose a document').setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: pdf })
    await page.getByRole('button', { name: 'Upload document' }).click()
    await page.getByText(`File uploaded successfully: user-box/${client.id}/report.pdf`).waitFor()
    await page.getByRole('navigation', { name: 'Dashboard pages' }).getByRole('link', { name: 'Settings' }).click()
    await page.waitForURL((url) => url.pathname === '/profile/settings' && url.searchParams.get('client') === client.id)
    await hydrated(page)
    await page.getByLabel('Choose an image').setInputFiles({ name: 'client-logo.png', mimeType: 'image/png', buffer: png })
    await page.getByRole('button', { name: 'Upload logo' }).click()
    await page.waitForFunction((id) => document.querySelector('img[alt="Company logo"]')?.getAttribute('src') === `/files/profile-pictures/${id}/client-logo.png`, client.id)
    expect(unexpectedErrors(errors)).toEqual([])

    const own = await env.open(client)
    await hydrated(own.page)
    await own.page.getByRole('heading', { name: 'My Documents' }).waitFor()
    await own.page.getByRole('region', { name: 'My Documents' }).getByRole('row').filter({ hasText: 'report.pdf' }).waitFor()
    await own.page.goto(`${env.server.url}/profile/settings`)
    await hydrated(own.page)
    expect(await own.page.getByRole('img', { name: 'Company logo' }).getAttribute('src')).toBe(`/files/profile-pictures/${client.id}/client-logo.png`)
    await own.context.close()
    // Not in the admin's own box.
    const adminBox = (await (await fetch(`${env.server.url}/profile/documents`, { headers: { cookie: cookieHeader(boss) } })).json()) as { files: unknown[] }
    expect(adminBox.files).toEqual([])
  })
})
