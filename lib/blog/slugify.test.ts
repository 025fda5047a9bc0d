import { describe, expect, it } from 'vitest'
import { blogRules } from './blog-rules'
import { slugify, slugPattern } from './slugify'

describe('slugify', () => {
  it('makes an address of lower-case words joined by single hyphens', () => {
    expect(slugify('Meshing a 3-D silo: part 2')).toBe('meshing-a-3-d-silo-part-2')
    expect(slugify('  Café   & Crème brûlée!  ')).toBe('cafe-creme-brulee')
    expect(slugify('???')).toBe('')
  })

  it('keeps within the length limit and never ends on a hyphen', () => {
    const slug = slugify('word '.repeat(50))
    expect(slug.length).toBeLessThanOrEqual(blogRules.slugMax)
    expect(slugPattern.test(slug)).toBe(true)
  })
})
