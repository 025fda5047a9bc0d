import { describe, expect, it } from 'vitest'
import { readingMinutes } from './reading-time'

describe('readingMinutes', () => {
  it('counts the words at the reading speed, at least one minute', () => {
    expect(readingMinutes('')).toBe(1)
    expect(readingMinutes('word '.repeat(660))).toBe(3)
  })

  it('leaves out link targets and image addresses', () => {
    const link = `[a](${'https://example.com/long/path/'.repeat(100)})`
    expect(readingMinutes(`${'word '.repeat(440)}${link}`)).toBe(2)
  })
})
