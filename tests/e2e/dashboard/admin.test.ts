import { axeWhenSettled } from '../../setup/axe'
import { beforeAll, describe, expect, it } from 'vitest'
import { allowPageErrors } from '../../setup/browser'
import { hydrated, unexpectedErrors, useDashboardEnv } from './dashboard-env'
import { cookieHeader, type SeededUser } from './seed'

describe('dashboard: the admin acting for a client', () => {
  const env = useDashboardEnv('dashboard-admin', ['admin'])
  let admin: SeededUser
  let alice: SeededUser
  let bob: SeededUser

  const placeJob = async (user: SeededUser, job: string) => {
    const form = new URLSearchParams({ intent: 'create-job-request', job, reference: `${job}-ref`, instructions: '', priority: '2' })
    const res = await fetch(`${env.server.url}/profile`, { method: 'POST', body: form, headers: { cookie: cookieHeader(user), origin: env.server.url } })
    expect(res.status).toBe(200)
  }

  beforeAll(async () => {
    admin = await env.user('admin')
    alice = await env.user('alice')
    bob = await env.user('bob')
    await placeJob(alice, 'Alice silo study')
    await placeJob(bob, 'Bob trailer CFD')
  })

  it('the admin picks a client with the keyboard and sees only that client’s details, job requests and documents', async () => {
    const { page, errors } = await env.openHydrated(admin)
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor()
    expect(await page.getByRole('heading', { name: 'User Dashboard' }).count()).toBe(0)
    expect(await page.getByRole('heading', { name: 'Client Documents' }).count()).toBe(0)

    const selector = page.getByRole('combobox', { name: 'Client', exact: true })
    await selector.focus()
    // The start of Bob's address, which no other account on the server shares.
    await page.keyboard.type(bob.email.split('@')[0]!)
    expect(await selector.getAttribute('aria-expanded')).toBe('true')
    const options = page.getByRole('listbox', { name: 'Clients' }).getByRole('option')
    expect(await options.count()).toBe(1)
    expect(await options.first().textContent()).toContain(bob.email)
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.searchParams.get('client') === bob.id)
    await page.getByTestId('acting-for').filter({ hasText: bob.email }).waitFor()
    await hydrated(page)

    await page.getByRole('cell', { name: 'Bob trailer CFD', exact: true }).waitFor()
    expect(await page.getByRole('cell', { name: 'Alice silo study', exact: true }).count()).toBe(0)
    await page.getByRole('heading', { name: 'Client Documents' }).waitFor()
    await page.getByText('No files found').waitFor()

    const axe = await (await axeWhenSettled(page)).include('main').analyze()
    expect(axe.violations.map((v) => v.id)).toEqual([])

    // Switching client replaces everything shown.
    await selector.fill('alice')
    await page.getByRole('option', { name: new RegExp(alice.email) }).click()
    await page.waitForURL((url) => url.searchParams.get('client') === alice.id)
    await page.getByRole('cell', { name: 'Alice silo study', exact: true }).waitFor()
    expect(await page.getByRole('cell', { name: 'Bob trailer CFD', exact: true }).count()).toBe(0)
    // The settings tab stays with the chosen client.
    await page.getByRole('navigation', { name: 'Dashboard pages' }).getByRole('link', { name: 'Settings' }).click()
    await page.waitForURL((url) => url.pathname === '/profile/settings' && url.searchParams.get('client') === alice.id)
    await page.getByTestId('acting-for').filter({ hasText: alice.email }).waitFor()
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(alice.email)
    expect(unexpectedErrors(errors)).toEqual([])
  })

  it('the admin edits a client’s details and places a job request for them', async () => {
    const { page, errors } = await env.openHydrated(admin, `/profile/settings?client=${bob.id}`)
    await page.getByLabel('Company name').fill('Bob Haulage')
    const button = page.locator('form[aria-labelledby="details-title"] button[type="submit"]')
    await button.click()
    await page.waitForFunction((b) => b?.textContent === 'Update successful', await button.elementHandle())

    await page.getByRole('navigation', { name: 'Dashboard pages' }).getByRole('link', { name: 'Overview' }).click()
    await page.waitForURL((url) => url.pathname === '/profile' && url.searchParams.get('client') === bob.id)
    await hydrated(page)

    await page.getByLabel('Job', { exact: true }).fill('Admin placed job')
    await page.getByRole('button', { name: 'Request this job' }).click()
    await page.getByRole('cell', { name: 'Admin placed job', exact: true }).waitFor()
    expect(unexpectedErrors(errors)).toEqual([])

    // Bob sees both on his own dashboard; the admin's own details are untouched.
    const bobs = await env.open(bob, '/profile/settings')
    await hydrated(bobs.page)
    expect(await bobs.page.getByLabel('Company name').inputValue()).toBe('Bob Haulage')
    await bobs.page.goto(`${env.server.url}/profile`)
    await bobs.page.getByRole('cell', { name: 'Admin placed job', exact: true }).waitFor()
    await bobs.context.close()
    const adminOwn = (await (await fetch(`${env.server.url}/profile/job-requests`, { headers: { cookie: cookieHeader(admin) } })).json()) as { jobRequests: unknown[] }
    expect(adminOwn.jobRequests).toEqual([])
  })

  it('a normal user never sees the client selector, and cannot open another client by URL', async () => {
    allowPageErrors(/status of 403/) // opening another client's dashboard by URL is refused
    const { page } = await env.open(alice, `/profile?client=${bob.id}`)
    await page.getByText('You are not allowed to see this client’s dashboard.').waitFor()
    expect(await page.getByRole('combobox', { name: 'Client', exact: true }).count()).toBe(0)
    await page.goto(env.server.url + '/profile')
    await hydrated(page)
    await page.getByRole('heading', { name: 'User Dashboard' }).waitFor()
    expect(await page.getByRole('combobox', { name: 'Client', exact: true }).count()).toBe(0)
    expect(await page.getByRole('cell', { name: 'Bob trailer CFD', exact: true }).count()).toBe(0)
  })
})
