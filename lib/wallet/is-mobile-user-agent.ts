/** The user agents treated as mobile (the wallet then deep-links into MetaMask Mobile). */
const mobileUserAgent = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini/i

export function isMobileUserAgent(userAgent: string | null | undefined): boolean {
  return !!userAgent && mobileUserAgent.test(userAgent)
}
