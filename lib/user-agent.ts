import { UAParser } from 'ua-parser-js'

export type DeviceType = 'Desktop' | 'Mobile' | 'Tablet'

export interface ClientInfo {
  os: string
  browser: string
  deviceType: DeviceType
}

/**
 * Operating system, browser and device type of a user-agent string, for the System Status block.
 * ua-parser-js 1.x (MIT); 2.x moved to AGPL-3.0, which does not suit a product others self-host.
 */
export function describeUserAgent(userAgent: string): ClientInfo {
  const result = new UAParser(userAgent).getResult()
  const os = [result.os.name, result.os.version].filter(Boolean).join(' ') || 'Unknown'
  const browser = [result.browser.name, result.browser.major].filter(Boolean).join(' ') || 'Unknown'
  const type = result.device.type
  const deviceType: DeviceType = type === 'mobile' || type === 'wearable' ? 'Mobile' : type === 'tablet' ? 'Tablet' : 'Desktop'
  return { os, browser, deviceType }
}
