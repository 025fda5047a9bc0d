/**
 * The link that opens this page inside MetaMask Mobile's browser:
 * https://metamask.app.link/dapp/<host><path>, the form MetaMask documents for deep links.
 */
export function metaMaskDeepLink(location: Pick<Location, 'host' | 'pathname' | 'search'>): string {
  return `https://metamask.app.link/dapp/${location.host}${location.pathname}${location.search}`
}
