import { describe, expect, it } from 'vitest'
import { pinnedViewSchema, revisionCommentFormSchema } from './review-comments'

const revisionId = '3f0b8c4e-1d2a-4b5c-8d9e-0f1a2b3c4d5e'

describe('a comment pinned on a page of a PDF', () => {
  it('keeps the page, the point as fractions of the page and the zoom', () => {
    const view = { kind: 'page', page: 2, point: [0.25, 0.75], zoom: 1.5 }
    expect(pinnedViewSchema.parse(view)).toEqual(view)
    // The corners of the page are on it.
    expect(pinnedViewSchema.safeParse({ ...view, point: [0, 1] }).success).toBe(true)
  })

  it('refuses a page that is not a whole number from 1, a point off the page and a zoom out of range', () => {
    const view = { kind: 'page', page: 1, point: [0.5, 0.5], zoom: 1 }
    for (const wrong of [
      { ...view, page: 0 },
      { ...view, page: 1.5 },
      { ...view, page: -3 },
      { ...view, point: [1.2, 0.5] },
      { ...view, point: [0.5, -0.1] },
      { ...view, point: [0.5] },
      { ...view, zoom: 0 },
      { ...view, zoom: 100 },
      { ...view, zoom: Number.NaN },
      { kind: 'page', point: [0.5, 0.5], zoom: 1 },
      // A drawing's view under the page's kind.
      { kind: 'page', point: [10, 20], center: [0, 0], zoom: 100 },
    ])
      expect(pinnedViewSchema.safeParse(wrong).success, JSON.stringify(wrong)).toBe(false)
  })

  it('arrives from the form as JSON and is read back into the same view', () => {
    const view = { kind: 'page', page: 3, point: [0.1, 0.9], zoom: 2 }
    const parsed = revisionCommentFormSchema.parse({ revisionId, body: ' Check this dimension ', view: JSON.stringify(view) })
    expect(parsed).toEqual({ revisionId, body: 'Check this dimension', view })
    expect(revisionCommentFormSchema.safeParse({ revisionId, body: 'x', view: JSON.stringify({ ...view, page: 0 }) }).success).toBe(false)
  })
})
