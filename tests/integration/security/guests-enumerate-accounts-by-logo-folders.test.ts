import { beforeAll, describe, expect, it } from 'vitest'
import { HttpClient } from '../portal/support/http-client'
import { portalWithAccounts } from '../portal/support/portal-with-accounts'
import { PNG_1PX, tusUpload } from '../portal/support/tus-upload'

/**
 * Enumerating accounts through profile-pictures/: its folders are named by user id, so a listing
 * tells a guest who has an account. A logo stays readable by its URL (the site shows it); only the
 * folder's owner and admins list it.
 */
describe('guests cannot list profile pictures to learn user ids', () => {
  const { portal, accounts, ids } = portalWithAccounts({ ADMIN_EMAILS: 'admin@example.test' }, { owner: 'owner@example.test', other: 'other@example.test', admin: 'admin@example.test' })
  let guest: HttpClient
  let logo: string

  beforeAll(async () => {
    guest = new HttpClient(portal.url)
    logo = (await tusUpload(accounts.owner, PNG_1PX, { filename: 'logo.png', filetype: 'image/png', kind: 'profile-pictures' })).path!
  })

  const list = (client: HttpClient, prefix: string) => client.gql<{ files: { path: string }[] }>('query($p: String!) { files(prefix: $p) { path } }', { p: prefix })

  it('refuses the listing of the whole folder and of a user’s folder to guests and other clients', async () => {
    for (const client of [guest, accounts.other, accounts.owner]) {
      const all = await list(client, 'profile-pictures/')
      expect(all.data).toBeNull()
      expect(all.errors?.[0]?.message).toBe('Unauthorized')
    }
    for (const client of [guest, accounts.other]) {
      const one = await list(client, `profile-pictures/${ids.owner}/`)
      expect(one.data).toBeNull()
      expect(one.errors?.[0]?.message).toBe('Unauthorized')
    }
  })

  it('lets the owner and admins list, and anyone fetch the logo by its URL', async () => {
    expect((await list(accounts.owner, `profile-pictures/${ids.owner}/`)).data!.files.map((f) => f.path)).toEqual([logo])
    expect((await list(accounts.admin, `profile-pictures/${ids.owner}/`)).data!.files.map((f) => f.path)).toEqual([logo])
    expect((await list(accounts.admin, 'profile-pictures/')).data!.files.map((f) => f.path)).toContain(logo)
    for (const client of [guest, accounts.other, accounts.owner, accounts.admin]) {
      const res = await client.fetch(`/files/${logo}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/png')
    }
  })
})
