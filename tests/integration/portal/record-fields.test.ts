import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { jobRequestSchema, type JobRequestField } from '../../../lib/job-request-schema'
import { ADDRESS_COMMA_MESSAGE, joinPostalAddress, postalAddressParts, profileSchema, type ProfileField } from '../../../lib/profile-schema'
import { companies, jobRequests, profiles } from '../../../server/db/schema'
import { attributeOf } from '../../../server/graphql/modules/profiles'
import { userIdOf } from './support/accounts'
import type { HttpClient } from './support/http-client'
import { portalWithAccounts } from './support/portal-with-accounts'
import { companyIdOf } from '../../setup/company-of'

/**
 * Nothing drops a field silently: every field of a record's one schema (lib/) goes in through the
 * dashboard's form post and through GraphQL, reaches its database column, and comes back through
 * GraphQL and the dashboard's loader. A field added to a schema and not carried through one layer
 * fails here (each schema field needs a sample below, so a new one cannot be forgotten by the test).
 */

/** What a person types in each profile field, and what is stored. */
const profileSamples: Record<ProfileField, { typed: string; stored: string }> = {
  phoneNumber: { typed: '01422 123456', stored: '+441422123456' },
  nickname: { typed: 'Dee', stored: 'Dee' },
  givenName: { typed: 'Deirdre', stored: 'Deirdre' },
  familyName: { typed: 'Moss', stored: 'Moss' },
  website: { typed: 'moss-fabrication.example', stored: 'https://moss-fabrication.example' },
  companyName: { typed: 'Moss Fabrication Ltd', stored: 'Moss Fabrication Ltd' },
  ethereumAddress: { typed: '0x' + 'ab'.repeat(20), stored: '0x' + 'ab'.repeat(20) },
  building: { typed: 'Unit 4', stored: 'Unit 4' },
  road: { typed: 'Mill Lane', stored: 'Mill Lane' },
  town: { typed: 'Hebden Bridge', stored: 'Hebden Bridge' },
  county: { typed: 'West Yorkshire', stored: 'West Yorkshire' },
  postcode: { typed: 'HX7 8AA', stored: 'HX7 8AA' },
}

const jobSamples: Record<JobRequestField, { typed: string; stored: string }> = {
  job: { typed: ' CFD of a roof vent ', stored: 'CFD of a roof vent' },
  reference: { typed: 'RV-2026-11', stored: 'RV-2026-11' },
  instructions: { typed: 'Mesh study first; report by Friday.', stored: 'Mesh study first; report by Friday.' },
  priority: { typed: '5', stored: '5' },
}

const profileFields = Object.keys(profileSamples) as ProfileField[]
const jobFields = Object.keys(jobSamples) as JobRequestField[]
const attributeFields = Object.keys(attributeOf) as (keyof typeof attributeOf)[]

describe('every field of a record reaches the database and comes back', () => {
  const { portal, accounts } = portalWithAccounts({ ADMIN_EMAILS: 'admin@example.test' }, { viaDashboard: 'dashboard@example.test', viaGraphql: 'graphql@example.test', admin: 'admin@example.test' })

  it('each schema has a sample here (a new field is tested as soon as it exists)', () => {
    expect(profileFields.sort()).toEqual(Object.keys(profileSchema.shape).sort())
    expect(jobFields.sort()).toEqual(Object.keys(jobRequestSchema.shape).sort())
  })

  async function expectProfileStored(client: HttpClient) {
    const userId = await userIdOf(client)
    const [row] = await portal.server.ctx.db.select().from(profiles).where(eq(profiles.userId, userId))
    for (const field of attributeFields) {
      // The company's name is the company's, stored on its row.
      const stored = field === 'companyName' ? (await portal.server.ctx.db.select({ name: companies.name }).from(companies).where(eq(companies.id, await companyIdOf(portal.server.ctx.db, userId))))[0]!.name : row![field]
      expect(stored, field).toBe(profileSamples[field].stored)
    }
    expect(row!.postalAddress).toBe(joinPostalAddress(Object.fromEntries(postalAddressParts.map((p) => [p, profileSamples[p].stored]))))

    const attributeNames = [...Object.values(attributeOf), 'custom_postaladdress']
    const me = await client.gql<{ me: { attributes: Record<string, string>; postalAddress: Record<string, string> } }>(
      `{ me { attributes { ${attributeNames.join(' ')} } postalAddress { ${postalAddressParts.join(' ')} } } }`,
    )
    expect(me.errors).toBeUndefined()
    for (const field of attributeFields) expect(me.data!.me.attributes[attributeOf[field]], field).toBe(profileSamples[field].stored)
    for (const part of postalAddressParts) expect(me.data!.me.postalAddress[part], part).toBe(profileSamples[part].stored)

    // What the dashboard's form is given to show (the page reads its data as JSON).
    const view = (await (await client.fetch('/profile/view')).json()) as { details: Record<string, string> }
    for (const field of profileFields) expect(view.details[field], field).toBe(profileSamples[field].stored)
  }

  it('a profile saved from the dashboard keeps every field, normalised, in the database, over GraphQL and in the form', async () => {
    const form = new URLSearchParams({ intent: 'update-details', ...Object.fromEntries(profileFields.map((f) => [f, profileSamples[f].typed])) })
    expect((await accounts.viaDashboard.fetch('/profile', { method: 'POST', body: form })).status).toBe(200)
    await expectProfileStored(accounts.viaDashboard)
  })

  it('a profile saved through GraphQL, in the attribute names, keeps every field the same way', async () => {
    const input: Record<string, string> = Object.fromEntries(attributeFields.map((f) => [attributeOf[f], profileSamples[f].typed]))
    input.custom_postaladdress = postalAddressParts.map((p) => profileSamples[p].typed).join(', ')
    const saved = await accounts.viaGraphql.gql('mutation($i: ProfileInput!) { updateProfile(input: $i) { userId } }', { i: input })
    expect(saved.errors).toBeUndefined()
    await expectProfileStored(accounts.viaGraphql)
  })

  async function expectJobStored(client: HttpClient, id: string) {
    const [row] = await portal.server.ctx.db.select().from(jobRequests).where(eq(jobRequests.id, id))
    for (const field of jobFields) expect(row![field], field).toBe(jobSamples[field].stored)
    expect(row!.status).toBe('pending')

    const read = await client.gql<{ getJobRequests: Record<string, string> }>(`query($id: ID!) { getJobRequests(id: $id) { ${jobFields.join(' ')} } }`, { id })
    expect(read.errors).toBeUndefined()
    for (const field of jobFields) expect(read.data!.getJobRequests[field], field).toBe(jobSamples[field].stored)

    const list = (await (await client.fetch('/profile/job-requests')).json()) as { jobRequests: (Record<string, unknown> & { id: string })[] }
    const listed = list.jobRequests.find((j) => j.id === id)!
    for (const field of jobFields) expect(listed[field], field).toBe(jobSamples[field].stored)
  }

  it('a job request placed from the dashboard keeps every field', async () => {
    const form = new URLSearchParams({ intent: 'create-job-request', ...Object.fromEntries(jobFields.map((f) => [f, jobSamples[f].typed])) })
    expect((await accounts.viaDashboard.fetch('/profile', { method: 'POST', body: form })).status).toBe(200)
    const list = (await (await accounts.viaDashboard.fetch('/profile/job-requests')).json()) as { jobRequests: { id: string }[] }
    expect(list.jobRequests).toHaveLength(1)
    await expectJobStored(accounts.viaDashboard, list.jobRequests[0]!.id)
  })

  it('a job request placed through GraphQL keeps every field', async () => {
    const input = Object.fromEntries(jobFields.map((f) => [f, jobSamples[f].typed]))
    const created = await accounts.viaGraphql.gql<{ createJobRequests: { id: string } }>('mutation($i: CreateJobRequestsInput!) { createJobRequests(input: $i) { id } }', { i: input })
    expect(created.errors).toBeUndefined()
    await expectJobStored(accounts.viaGraphql, created.data!.createJobRequests.id)
  })

  it('what cannot be stored is refused beside its field, by both entry points, and nothing is written', async () => {
    const dashboardId = await userIdOf(accounts.viaDashboard)
    const page = await accounts.viaDashboard.fetch('/profile', { method: 'POST', body: new URLSearchParams({ intent: 'update-details', road: 'Mill Lane, Upper', nickname: 'Changed' }) })
    expect(page.status).toBe(400)
    expect(await page.text()).toContain(ADDRESS_COMMA_MESSAGE)
    const sixParts = await accounts.viaGraphql.gql('mutation { updateProfile(input: { custom_postaladdress: "a, b, c, d, e, f", nickname: "Changed" }) { userId } }')
    expect(sixParts.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST')
    expect(Object.keys((sixParts.errors?.[0]?.extensions as { fieldErrors: object }).fieldErrors)).toEqual(['custom_postaladdress'])
    const badPhone = await accounts.viaGraphql.gql('mutation { updateProfile(input: { phone_number: "call me" }) { userId } }')
    expect(Object.keys((badPhone.errors?.[0]?.extensions as { fieldErrors: object }).fieldErrors)).toEqual(['phone_number'])
    const [row] = await portal.server.ctx.db.select().from(profiles).where(eq(profiles.userId, dashboardId))
    expect(row!.nickname).toBe('Dee')
    // An admin saving a client's details goes through the same schema.
    const forClient = await accounts.admin.fetch('/profile', { method: 'POST', body: new URLSearchParams({ intent: 'update-details', clientId: dashboardId, ...Object.fromEntries(profileFields.map((f) => [f, profileSamples[f].typed])), phoneNumber: '0800' }) })
    expect(forClient.status).toBe(400)
  })
})
