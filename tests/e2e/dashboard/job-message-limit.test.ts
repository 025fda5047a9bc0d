import { describe, expect, it } from 'vitest'
import { allowPageErrors } from '../../setup/browser'
import { JOB_ACTION_LIMITS } from '../../../server/services/jobs/limit-job-action'
import { useDashboardEnv } from './dashboard-env'

/** A client past the limit of thread messages reads why at the thread's form, and its words stay there to send later. */
describe('the limit of thread messages at the job page', () => {
  const env = useDashboardEnv('job-message-limit')

  it('a client who has sent too many messages is told at the form to wait, and the thread is unchanged', async () => {
    allowPageErrors(/status of 429/) // the server refuses the message over the limit
    const user = await env.user('chatty')
    const { createJobRequests } = await env.gql<{ createJobRequests: { id: string } }>(user, 'mutation { createJobRequests(input: { job: "Impeller CFD" }) { id } }')
    const id = createJobRequests.id
    for (let i = 1; i <= JOB_ACTION_LIMITS.message.limit; i++) await env.gql(user, 'mutation($id: ID!, $b: String) { postJobMessage(jobId: $id, body: $b) { id } }', { id, b: `Note ${i}` })

    const { page } = await env.openHydrated(user, `/profile/jobs/${id}`)
    await page.getByLabel('Write a message').fill('One more thought')
    await page.getByRole('button', { name: 'Send message' }).click()
    await page.getByTestId('thread-status').getByText(/^You are sending messages too quickly\. Please wait \d+ minutes and try again\.$/).waitFor()
    expect(await page.getByLabel('Write a message').inputValue()).toBe('One more thought')
    expect(await page.getByTestId('job-thread').getByText('One more thought').count()).toBe(0)
  })
})
