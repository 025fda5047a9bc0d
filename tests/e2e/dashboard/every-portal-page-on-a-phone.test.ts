import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { TrackedPage } from '../../setup/browser'
import { hydrated, screenshotOnFailure, startDashboardEnv, unexpectedErrors, viewports, type DashboardEnv } from './dashboard-env'
import { cookieHeader, type SeededUser } from './seed'

/**
 * Every page of the portal, for the consultancy and for a client, at a desktop's and a phone's width:
 * it shows its content (not its loading line), and nothing on it is wider than the window, so nothing
 * hides off to the side.
 */
describe('every portal page at 1440 and 390 px', () => {
  let env: DashboardEnv
  let admin: SeededUser
  let client: SeededUser
  let jobId: string
  let postId: string
  let current: TrackedPage | undefined

  const gql = async <T,>(user: SeededUser, query: string, variables: Record<string, unknown> = {}) => {
    const res = await fetch(`${env.server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookieHeader(user), origin: env.server.url },
      body: JSON.stringify({ query, variables }),
    })
    const body = (await res.json()) as { data?: T; errors?: unknown[] }
    if (body.errors) throw new Error(JSON.stringify(body.errors))
    return body.data!
  }

  beforeAll(async () => {
    env = await startDashboardEnv(['phone-office'])
    ;[admin, client] = await Promise.all([env.user('phone-office'), env.user('phone-client')])
    jobId = (await gql<{ createJobRequests: { id: string } }>(client, 'mutation { createJobRequests(input: { job: "Conveyor frame FEA with a rather long title that must wrap", reference: "PO-PHONE-0001" }) { id } }')).createJobRequests.id
    postId = (await gql<{ createBlogPost: { id: string } }>(admin, 'mutation { createBlogPost(input: { title: "Meshing thin walls", content: "A draft about shell elements." }) { id } }')).createBlogPost.id
  })
  afterAll(async () => {
    await env?.stop()
  })
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await screenshotOnFailure(current?.page, `portal-phone-${ctx.task.name}`)
    await current?.context.close()
    current = undefined
  })

  const pages = () => [
    { who: 'client', user: client, path: '/profile', shows: 'What needs you' },
    { who: 'client', user: client, path: '/profile/settings', shows: 'API tokens' },
    { who: 'client', user: client, path: `/profile/jobs/${jobId}`, shows: 'PO-PHONE-0001' },
    { who: 'consultancy', user: admin, path: '/profile', shows: 'Conveyor frame FEA' },
    { who: 'consultancy', user: admin, path: '/profile/settings', shows: 'API tokens' },
    { who: 'consultancy', user: admin, path: `/profile/jobs/${jobId}`, shows: 'PO-PHONE-0001' },
    { who: 'consultancy', user: admin, path: '/profile/blog', shows: 'Meshing thin walls' },
    { who: 'consultancy', user: admin, path: '/profile/blog/comments', shows: 'Comments' },
    { who: 'consultancy', user: admin, path: `/profile/blog/${postId}`, shows: 'Edit post' },
  ]

  for (const viewport of viewports) {
    it(`each page shows its content and nothing wider than the window (${viewport.name}, ${viewport.width} px)`, async () => {
      for (const { who, user, path, shows } of pages()) {
        current = await env.open(user, path, viewport)
        const { page, errors } = current
        await hydrated(page)
        await page.locator('main').getByText(shows, { exact: false }).first().waitFor()
        const width = await page.evaluate(() => ({
          scroll: document.scrollingElement!.scrollWidth,
          window: innerWidth,
          // The innermost elements that reach past the window's right edge, to name what overflows.
          wider: [...document.querySelectorAll('main *')]
            .filter((e) => e.getBoundingClientRect().right > innerWidth + 1 && ![...e.children].some((c) => c.getBoundingClientRect().right > innerWidth + 1))
            .slice(0, 5)
            .map((e) => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}.${[...e.classList].slice(0, 3).join('.')}: ${(e.textContent ?? '').trim().slice(0, 40)}`),
        }))
        expect(width.scroll, `${who} ${path}: ${width.wider.join(' | ')}`).toBeLessThanOrEqual(width.window)
        expect(unexpectedErrors(errors), `${who} ${path}`).toEqual([])
        await current.context.close()
        current = undefined
      }
    })
  }
})
