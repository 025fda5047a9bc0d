import { describe, expect, it } from 'vitest'
import { inlineScriptHashes } from '../../../server/http/content-security-policy'
import { allowPageErrors } from '../../setup/browser'
import { browserSuite } from '../../setup/browser-suite'
import { waitForHydration } from './shell-helpers'

const scriptSrc = (policy: string) => policy.split('; ').find((d) => d.startsWith('script-src '))!.split(' ').slice(1)

describe('Content-Security-Policy', () => {
  const suite = browserSuite()

  it.each(['/', '/examples/wind-load-silo', '/contact', '/profile', '/no-such-page'])('allows only this origin and the inline scripts of %s itself', async (route) => {
    const res = await fetch(suite.server.url + route)
    const html = await res.text()
    const policy = res.headers.get('content-security-policy')
    expect(policy).toBeTruthy()
    const sources = scriptSrc(policy!)
    expect(sources).not.toContain("'unsafe-inline'")
    expect(sources).not.toContain("'unsafe-eval'")
    // The page has inline scripts (theme boot, hydration data). A prerendered page allows each by the hash
    // the build took; a server-rendered one by the request's nonce, which its scripts carry.
    const nonce = sources.find((s) => s.startsWith("'nonce-"))?.slice("'nonce-".length, -1)
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)].filter(([, a = '']) => !/\ssrc=|application\/ld\+json/.test(` ${a}`))
    expect(scripts.length).toBeGreaterThan(1)
    for (const [, attributes = '', body = ''] of scripts) {
      const allowed = (nonce !== undefined && attributes.includes(`nonce="${nonce}"`)) || sources.includes(inlineScriptHashes(`<script>${body}</script>`)[0]!)
      expect(allowed, body.slice(0, 80)).toBe(true)
    }
    if (!nonce) expect(sources.sort()).toEqual(["'self'", ...inlineScriptHashes(html)].sort())
  })

  it('lets the page run and blocks a script injected into it', async () => {
    allowPageErrors(/Content Security Policy|Content-Security-Policy violation/) // the injected script is blocked
    const { page, errors } = await suite.newPage()
    await page.goto(suite.server.url + '/services')
    await waitForHydration(page)
    expect(errors).toEqual([])
    const ran = await page.evaluate(async () => {
      const w = window as unknown as { injected?: boolean }
      const script = document.createElement('script')
      script.textContent = 'window.injected = true'
      document.body.append(script)
      await new Promise((resolve) => setTimeout(resolve, 100))
      return w.injected === true
    })
    expect(ran).toBe(false)
    expect(errors.some((e) => e.startsWith('Content-Security-Policy violation: script-src'))).toBe(true)
  })
})
