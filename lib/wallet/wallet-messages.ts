/** Every text of the wallet feature, in one place (tests read the same words). */
export const walletMessages = {
  /** Console: no wallet announced itself. */
  noWalletLog: 'No EIP-6963 compatible wallet detected',
  /** Console: a wallet announced itself but shares no account with the site. */
  notConnectedLog: 'EIP-6963 compatible wallet detected but not connected',
  /** Console: the MetaMask Mobile deep link could not be followed. */
  redirectFailedLog: 'Failed to redirect to MetaMask Mobile',
  /** Shown when the wallet sits on a chain the product does not know. */
  unsupportedChain: 'Provider request error: Unsupported chain or network',
  /** Shown on a mobile device whose browser has a wallet injected: the page runs in a wallet's browser. */
  inWalletBrowser: 'Thinks you in a wallet browser.',
  /** Shown after the deep link into the MetaMask Mobile browser was followed. */
  nowInWalletBrowser: 'This application is now in your wallets browser.',
  /** Shown on a desktop browser without a wallet, followed by the recommendation. */
  noWallet: 'No EIP Compatible wallet has been detected on your browser.',
  installRecommendation: 'We recommend installing a browser wallet such as MetaMask, then reloading this page.',
  installUrl: 'https://metamask.io/download/',
  /** The consent question before the wallet is asked for accounts. */
  consentTitle: 'Enable wallet access?',
  consentBody: 'The site will ask your wallet for your address to show your token balance. Nothing is signed or sent.',
  /** The consent on a phone without a wallet: YES leaves for MetaMask Mobile. */
  consentMobileRedirectBody: 'The site will open in the MetaMask Mobile browser, where your wallet can share your address to show your token balance.',
  consentYes: 'YES',
  consentNo: 'NO',
} as const

/** The "Disconnected" notification sent through the server's outbox. */
export const disconnectNotification = {
  title: 'Disconnected',
  emoji: ':wave:',
  /** Appended to the product name: "<productName> - Logout". */
  sourceSuffix: ' - Logout',
} as const
