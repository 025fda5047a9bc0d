import { describe, expect, it } from 'vitest'
import { metaMaskDeepLink } from './metamask-deep-link'

describe('metaMaskDeepLink', () => {
  it('opens this host and path in the MetaMask Mobile browser', () => {
    expect(metaMaskDeepLink({ host: 'meshwork.example', pathname: '/services/cfd', search: '' })).toBe('https://metamask.app.link/dapp/meshwork.example/services/cfd')
    expect(metaMaskDeepLink({ host: 'localhost:3000', pathname: '/', search: '?a=1' })).toBe('https://metamask.app.link/dapp/localhost:3000/?a=1')
  })
})
