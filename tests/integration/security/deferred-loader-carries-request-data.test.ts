import { describe, expect, it } from 'vitest'
import { portalServerForSuite } from '../portal/support/portal-server'

/**
 * A public page rendered per request (/contact) has its module script rewritten into the deferred
 * loader (server/http/defer-hydration.ts), a script made from text. Its unit test runs such a loader
 * with the Function constructor, so the loader must be made of the build's own module script only:
 * asset addresses and the client entry, never anything a visitor sends. Here a visitor sends script
 * in every place a request can carry it; the loader it gets is the same, byte for byte, as a plain
 * request's, and holds none of it.
 */
describe("the deferred loader of a page rendered per request", () => {
  const portal = portalServerForSuite()

  const MARK = 'zx9"+globalThis.pwned=1+"</script><script>globalThis.pwned=2</script>'
  /** The inline script that starts the framework after the first paint, without its nonce. */
  const loaderOf = (html: string) => {
    const loaders = [...html.matchAll(/<script(?: nonce="[^"]*")?>(\(function\(\)\{var started=0[\s\S]*?)<\/script>/g)].map((m) => m[1]!)
    expect(loaders).toHaveLength(1)
    return loaders[0]!
  }

  it('is the same for a hostile request as for a plain one, and holds nothing the visitor sent', async () => {
    const plain = await (await fetch(`${portal.url}/contact`)).text()
    const hostile = await (
      await fetch(`${portal.url}/contact?name=${encodeURIComponent(MARK)}&redirect=${encodeURIComponent(MARK)}#${encodeURIComponent(MARK)}`, {
        headers: {
          cookie: `theme=${encodeURIComponent(MARK)}; mwk.session_token=${encodeURIComponent(MARK)}`,
          'accept-language': `en;q=0.9, ${encodeURIComponent(MARK)}`,
          'user-agent': MARK,
          referer: `${portal.url}/?q=${encodeURIComponent(MARK)}`,
        },
      })
    ).text()
    const loader = loaderOf(hostile)
    expect(loader).toBe(loaderOf(plain))
    for (const part of ['zx9', 'pwned', encodeURIComponent(MARK)]) expect(loader).not.toContain(part)
    // It imports the build's own modules and nothing else.
    const imported = [...loader.matchAll(/import\("([^"]+)"\)/g)].map((m) => m[1]!)
    expect(imported.length).toBeGreaterThan(0)
    for (const url of imported) expect(url).toMatch(/^\/assets\/[\w.-]+\.js$/)
  })
})
