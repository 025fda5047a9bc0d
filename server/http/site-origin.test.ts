import { describe, expect, it } from 'vitest'
import { crossSiteRefusal } from './origin-guard'
import { isSiteOrigin } from './site-origin'

describe('isSiteOrigin', () => {
  it('with PUBLIC_URL, accepts its origin only', () => {
    const publicUrl = 'https://www.example.co.uk/'
    expect(isSiteOrigin('https://www.example.co.uk', { publicUrl, host: '10.0.0.5:3000' })).toBe(true)
    expect(isSiteOrigin('http://10.0.0.5:3000', { publicUrl, host: '10.0.0.5:3000' })).toBe(false)
    expect(isSiteOrigin('http://www.example.co.uk', { publicUrl, host: 'www.example.co.uk' })).toBe(false)
    expect(isSiteOrigin('https://evil.example.co.uk', { publicUrl, host: 'www.example.co.uk' })).toBe(false)
  })

  it('without PUBLIC_URL, accepts the origin the request was addressed to, over http or https', () => {
    expect(isSiteOrigin('http://localhost:3000', { publicUrl: undefined, host: 'localhost:3000' })).toBe(true)
    expect(isSiteOrigin('https://localhost:3000', { publicUrl: undefined, host: 'LOCALHOST:3000' })).toBe(true)
    expect(isSiteOrigin('http://localhost:3001', { publicUrl: undefined, host: 'localhost:3000' })).toBe(false)
    expect(isSiteOrigin('http://[::1]:3000', { publicUrl: undefined, host: '[::1]:3000' })).toBe(true)
    expect(isSiteOrigin('http://localhost:3000', { publicUrl: undefined, host: undefined })).toBe(false)
  })

  it.each(['null', '', 'localhost:3000', 'http://localhost:3000/', 'http://user@localhost:3000', 'ftp://localhost:3000', 'http://localhost:3000.evil'])(
    'refuses %j, which is not this site’s serialized origin',
    (origin) => {
      expect(isSiteOrigin(origin, { publicUrl: undefined, host: 'localhost:3000' })).toBe(false)
    },
  )
})

describe('crossSiteRefusal', () => {
  const request = (method: string, headers: Record<string, string>) => ({ method, headers: { host: 'site.test', ...headers } })

  it('lets through requests without cookies, whatever their origin', () => {
    expect(crossSiteRefusal(request('POST', { origin: 'https://evil.example' }), undefined)).toBeUndefined()
  })

  it('refuses a cookie with a foreign origin on any method', () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']) {
      expect(crossSiteRefusal(request(method, { cookie: 'a=b', origin: 'https://evil.example' }), undefined)).toBe('Cross-site request refused')
    }
    expect(crossSiteRefusal(request('POST', { cookie: 'a=b', origin: 'null' }), undefined)).toBe('Cross-site request refused')
  })

  it('refuses a cookie without Origin on unsafe methods only', () => {
    expect(crossSiteRefusal(request('POST', { cookie: 'a=b' }), undefined)).toBe('Cross-site request refused')
    expect(crossSiteRefusal(request('delete', { cookie: 'a=b' }), undefined)).toBe('Cross-site request refused')
    expect(crossSiteRefusal(request('GET', { cookie: 'a=b' }), undefined)).toBeUndefined()
    expect(crossSiteRefusal(request('OPTIONS', { cookie: 'a=b' }), undefined)).toBeUndefined()
  })

  it('accepts a cookie from the site itself', () => {
    expect(crossSiteRefusal(request('POST', { cookie: 'a=b', origin: 'http://site.test' }), undefined)).toBeUndefined()
    expect(crossSiteRefusal(request('POST', { cookie: 'a=b', origin: 'https://www.example.co.uk' }), 'https://www.example.co.uk')).toBeUndefined()
  })
})
