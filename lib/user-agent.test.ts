import { describe, expect, it } from 'vitest'
import { describeUserAgent } from './user-agent'

describe('describeUserAgent', () => {
  it('reads an iPhone as Mobile Safari on iOS', () => {
    const info = describeUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1')
    expect(info).toEqual({ os: 'iOS 17.4', browser: 'Mobile Safari 17', deviceType: 'Mobile' })
  })

  it('reads an iPad as a Tablet', () => {
    const info = describeUserAgent('Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1')
    expect(info.deviceType).toBe('Tablet')
  })

  it('reads desktop Firefox on Windows as Desktop', () => {
    const info = describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0')
    expect(info).toEqual({ os: 'Windows 10', browser: 'Firefox 128', deviceType: 'Desktop' })
  })

  it('reads an Android phone as Mobile', () => {
    const info = describeUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36')
    expect(info).toMatchObject({ os: 'Android 14', browser: 'Chrome 126', deviceType: 'Mobile' })
  })

  it('says Unknown rather than guessing from an empty string', () => {
    expect(describeUserAgent('')).toEqual({ os: 'Unknown', browser: 'Unknown', deviceType: 'Desktop' })
  })
})
