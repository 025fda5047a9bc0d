import { beforeAll, describe, expect, it } from 'vitest'
import { unexpectedErrors, useDashboardEnv, viewports } from './dashboard-env'
import { type SeededUser } from './seed'

/**
 * Every page of the portal, for the consultancy and for a client, at a desktop's and a phone's width:
 * it shows its content (not its loading line), and nothing on it is wider than the window, so nothing
 * hides off to the side.
 */
describe('every portal page at 1440 and 390 px', () => {
  const env = useDashboardEnv('portal-phone', ['phone-office'])
  let admin: SeededUser
  let client: SeededUser
  let jobId: string
  let postId: string

  beforeAll(async () => {
    ;[admin, client] = await Promise.all([env.user('phone-office'), env.user('phone-client')])
    jobId = (await env.gql<{ createJobRequests: { id: string } }>(client, 'mutation { createJobRequests(input: { job: "Conveyor frame FEA with a rather long title that must wrap", reference: "PO-PHONE-0001" }) { id } }')).createJobRequests.id
    postId = (await env.gql<{ createBlogPost: { id: string } }>(admin, 'mutation { createBlogPost(input: { title: "Meshing thin walls", content: "A draft about shell elements." }) { id } }')).createBlogPost.id
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
        const { page, context, errors } = await env.openHydrated(user, path, viewport)
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
        await context.close()
      }
    })
  }
})
