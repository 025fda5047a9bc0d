import { beforeAll, describe, expect, it } from 'vitest'
import { userIdOf } from '../portal/support/accounts'
import type { HttpClient } from '../portal/support/http-client'
import { portalWithAccounts } from '../portal/support/portal-with-accounts'
import { PDF_BYTES, PNG_1PX, tusUpload } from '../portal/support/tus-upload'

/**
 * A client's logo is shown to anyone, as an image of the site. A client who could set it to any
 * address would make the site show (and every visitor's browser fetch) whatever they chose: a
 * tracking pixel elsewhere, another client's logo, one of their own private documents. The logo is
 * always an image the client uploaded into their own folder, whichever entry point sets it (the
 * dashboard's action or GraphQL's updateProfile), and the logo it replaces is deleted.
 */
describe('a client cannot point their public logo at anything but their own uploaded image', () => {
  const { accounts } = portalWithAccounts({ ADMIN_EMAILS: 'admin@example.test' }, { alice: 'alice@example.test', bob: 'bob@example.test', admin: 'admin@example.test' })
  let aliceId: string
  let bobId: string
  let n = 0

  beforeAll(async () => {
    ;[aliceId, bobId] = await Promise.all([userIdOf(accounts.alice), userIdOf(accounts.bob)])
  })

  const uploadLogo = async (client: HttpClient, ownerId?: string) => {
    const r = await tusUpload(client, PNG_1PX, { filename: `logo-${++n}.png`, filetype: 'image/png', kind: 'profile-pictures', ...(ownerId ? { ownerId } : {}) })
    expect(r.status).toBe(204)
    return r.path!
  }
  const logoOf = async (client: HttpClient, userId?: string) =>
    (await client.gql<{ profile: { attributes: { custom_profilePictureUrl: string | null } } }>('query($u: ID) { profile(userId: $u) { attributes { custom_profilePictureUrl } } }', { u: userId ?? null }))
      .data!.profile.attributes.custom_profilePictureUrl
  const setByGraphql = (client: HttpClient, url: string | null, userId?: string) =>
    client.gql<{ updateProfile: { attributes: { custom_profilePictureUrl: string | null } } }>(
      'mutation($u: ID, $url: String) { updateProfile(userId: $u, input: { custom_profilePictureUrl: $url }) { attributes { custom_profilePictureUrl } } }',
      { u: userId ?? null, url },
    )
  const setByDashboard = (client: HttpClient, path: string, clientId?: string) =>
    client.fetch('/profile', { method: 'POST', body: new URLSearchParams({ intent: 'set-logo', path, ...(clientId ? { clientId } : {}) }) })

  it('GraphQL refuses a logo at another address, another client’s logo, a private document or a file never uploaded, and keeps the logo', async () => {
    const own = await uploadLogo(accounts.alice)
    expect((await setByGraphql(accounts.alice, `/files/${own}`)).errors).toBeUndefined()
    const bobLogo = await uploadLogo(accounts.bob)
    const document = await tusUpload(accounts.alice, PDF_BYTES, { filename: 'accounts.pdf', kind: 'user-box' })
    for (const url of [
      'https://tracker.example/pixel.png',
      '//tracker.example/pixel.png',
      `/files/${bobLogo}`,
      bobLogo,
      `/files/${document.path}`,
      `/files/profile-pictures/${aliceId}/never-uploaded.png`,
      `/files/profile-pictures/${aliceId}/../${bobId}/${bobLogo.split('/').pop()}`,
      'javascript:alert(1)',
    ]) {
      const result = await setByGraphql(accounts.alice, url)
      expect(result.errors?.[0]?.extensions?.code, url).toBe('BAD_REQUEST')
      expect((result.errors?.[0]?.extensions as { fieldErrors?: Record<string, string[]> }).fieldErrors?.custom_profilePictureUrl, url).toEqual([
        'The logo must be an image uploaded to your logo folder',
      ])
    }
    expect(await logoOf(accounts.alice)).toBe(`/files/${own}`)
  })

  it('the dashboard refuses another client’s logo and a private document in the same way', async () => {
    const own = await uploadLogo(accounts.alice)
    expect((await setByDashboard(accounts.alice, own)).status).toBe(200)
    const bobLogo = await uploadLogo(accounts.bob)
    const document = await tusUpload(accounts.alice, PDF_BYTES, { filename: 'payroll.pdf', kind: 'user-box' })
    for (const path of [bobLogo, document.path!, 'https://tracker.example/pixel.png']) expect((await setByDashboard(accounts.alice, path)).status, path).toBe(400)
    expect(await logoOf(accounts.alice)).toBe(`/files/${own}`)
  })

  it('a new logo by either entry point replaces the old one, whose file is deleted', async () => {
    const first = await uploadLogo(accounts.alice)
    expect((await setByDashboard(accounts.alice, first)).status).toBe(200)
    const second = await uploadLogo(accounts.alice)
    const set = await setByGraphql(accounts.alice, `/files/${second}`)
    expect(set.data?.updateProfile.attributes.custom_profilePictureUrl).toBe(`/files/${second}`)
    expect((await accounts.alice.fetch(`/files/${first}`)).status).toBe(404)
    const third = await uploadLogo(accounts.alice)
    expect((await setByDashboard(accounts.alice, third)).status).toBe(200)
    expect((await accounts.alice.fetch(`/files/${second}`)).status).toBe(404)
    expect((await accounts.alice.fetch(`/files/${third}`)).status).toBe(200)
    const listed = await accounts.alice.gql<{ files: { path: string }[] }>('query($p: String!) { files(prefix: $p) { path } }', { p: `profile-pictures/${aliceId}/` })
    expect(listed.data!.files.map((f) => f.path)).toEqual([third])
  })

  it('an admin sets a client’s logo only to an image in that client’s folder', async () => {
    const adminOwn = await uploadLogo(accounts.admin)
    expect((await setByGraphql(accounts.admin, `/files/${adminOwn}`, bobId)).errors?.[0]?.extensions?.code).toBe('BAD_REQUEST')
    expect((await setByDashboard(accounts.admin, adminOwn, bobId)).status).toBe(400)
    const forBob = await uploadLogo(accounts.admin, bobId)
    expect((await setByDashboard(accounts.admin, forBob, bobId)).status).toBe(200)
    expect(await logoOf(accounts.bob)).toBe(`/files/${forBob}`)
  })

  it('a client removes their logo (and its file) by clearing the attribute', async () => {
    const logo = await uploadLogo(accounts.bob)
    expect((await setByGraphql(accounts.bob, `/files/${logo}`)).errors).toBeUndefined()
    const cleared = await setByGraphql(accounts.bob, null)
    expect(cleared.data?.updateProfile.attributes.custom_profilePictureUrl).toBeNull()
    expect((await accounts.bob.fetch(`/files/${logo}`)).status).toBe(404)
  })

  it('one updateProfile with a refused logo saves none of its fields; with a good logo it saves both together', async () => {
    const both = (url: string) =>
      accounts.alice.gql<{ updateProfile: { attributes: { custom_profilePictureUrl: string | null; custom_companyName: string | null } } }>(
        'mutation($url: String) { updateProfile(input: { custom_companyName: "Quietly Renamed Ltd", custom_profilePictureUrl: $url }) { attributes { custom_profilePictureUrl custom_companyName } } }',
        { url },
      )
    const companyOf = async () => (await accounts.alice.gql<{ profile: { attributes: { custom_companyName: string | null } } }>('{ profile { attributes { custom_companyName } } }')).data!.profile.attributes.custom_companyName
    const before = await companyOf()
    const refused = await both('https://tracker.example/pixel.png')
    expect(refused.errors?.[0]?.message).toBeTruthy()
    expect(await companyOf()).toBe(before)
    const own = await uploadLogo(accounts.alice)
    const saved = await both(`/files/${own}`)
    expect(saved.errors).toBeUndefined()
    expect(saved.data!.updateProfile.attributes).toEqual({ custom_profilePictureUrl: `/files/${own}`, custom_companyName: 'Quietly Renamed Ltd' })
    // A good new logo with a field the schema refuses: the logo stays as it was, and its file too.
    const next = await uploadLogo(accounts.alice)
    const halfBad = await accounts.alice.gql('mutation($url: String, $name: String) { updateProfile(input: { custom_companyName: $name, custom_profilePictureUrl: $url }) { sub } }', { url: `/files/${next}`, name: 'x'.repeat(121) })
    expect(halfBad.errors?.[0]?.message).toBeTruthy()
    expect(await logoOf(accounts.alice)).toBe(`/files/${own}`)
    expect((await accounts.alice.fetch(`/files/${own}`)).status).toBe(200)
  })
})
