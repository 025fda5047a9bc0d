import { describe, expect, it } from 'vitest'
import { isInvalidText } from './invalid-text'

describe('isInvalidText', () => {
  it.each(['', 'Zoë Ødegaard', '谢谢', 'emoji 😀 pair', 'tab\tand\nnewline', '\uFFFD replacement character'])('accepts %j', (text) => {
    expect(isInvalidText(text)).toBe(false)
  })

  it.each(['a\u0000b', '\u0000', 'high \uD800 alone', 'low \uDC00 alone', 'reversed \uDE00\uD83D', 'at the end \uD83D'])('refuses %j', (text) => {
    expect(isInvalidText(text)).toBe(true)
  })
})
