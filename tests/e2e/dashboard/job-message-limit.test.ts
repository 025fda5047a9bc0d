import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { allowPageErrors, type TrackedPage } from '../../setup/browser'
import { JOB_ACTION_LIMITS } from '../../../server/services/jobs/limit-job-action'
import { hydrated, screenshotOnFailure, startDashboardEnv, type DashboardEnv } from './dashboard-env'
import { cookieHeader, type SeededUser } from './seed'

/** A client past the limit of thread messages reads why at the thread's form, and its words stay there to send later. */
describe('the limit of thread messages at the job page', () => {
  let env: DashboardEnv
  let current: TrackedPage | undefined

  beforeAll(async () => {
    env = await startDashboardEnv()
  })
  afterAll(async () => {
    await env?.stop()
  })
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await screenshotOnFailure(current?.page, `job-message-limit-${ctx.task.name}`)
    await current?.context.close()
    current = undefined
  })

  const gql = async <T>(user: SeededUser, query: string, variables: Record<string, unknown> = {}) => {
    const res = await fetch(`${env.server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookieHeader(user), origin: env.server.url },
      body: JSON.stringify({ query, variables }),
    })
    const body = (await res.json()) as { data?: T; errors?: unknown[] }
    if (body.errors) throw new Error(JSON.stringify(body.errors))
    return body.data!
  }

  it('a client who has sent too many messages is told at the form to wait, and the thread is unchanged', async () => {
    allowPageErrors(/status of 429/) // the server refuses the message over the limit
    const user = await env.user('chatty')
    const { createJobRequests } = await gql<{ createJobRequests: { id: string } }>(user, 'mutation { createJobRequests(input: { job: "Impeller CFD" }) { id } }')
    const id = createJobRequests.id
    for (let i = 1; i <= JOB_ACTION_LIMITS.message.limit; i++) await gql(user, 'mutation($id: ID!, $b: String) { postJobMessage(jobId: $id, body: $b) { id } }', { id, b: `Note ${i}` })

    current = await env.open(user, `/profile/jobs/${id}`)
    const { page } = current
    await hydrated(page)
    await page.getByLabel('Write a message').fill('One more thought')
    await page.getByRole('button', { name: 'Send message' }).click()
    await page.getByTestId('thread-status').getByText(/^You are sending messages too quickly\. Please wait \d+ minutes and try again\.$/).waitFor()
    expect(await page.getByLabel('Write a message').inputValue()).toBe('One more thought')
    expect(await page.getByTestId('job-thread').getByText('One more thought').count()).toBe(0)
  })
})
