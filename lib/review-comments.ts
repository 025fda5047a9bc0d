import { z } from './zod'

/**
 * Comments on a deliverable's revision, pinned on a place of the model, drawing or PDF page: the pin
 * keeps the view it was made in (the camera, the section planes, the parts hidden; a drawing's centre
 * and zoom; a document's page and zoom), so opening the comment puts the viewer back there. The same schema checks a comment in the browser and on the server.
 */

export const REVISION_COMMENT_MAX = 4000

const finite = z.number().finite('A number is expected')
const vector3 = z.tuple([finite, finite, finite])

/** A 3D model's view: the camera (where it is, what it looks at, which way is up). */
export const cameraSchema = z.object({ position: vector3, target: vector3, up: vector3 })
export type PinnedCamera = z.infer<typeof cameraSchema>

/** A section plane as the viewer keeps it: along an axis or a picked face, its unit normal, offset and side. */
export const pinnedSectionSchema = z.object({
  along: z.enum(['x', 'y', 'z', 'face']),
  normal: vector3,
  offset: finite,
  flipped: z.boolean(),
})
export type PinnedSection = z.infer<typeof pinnedSectionSchema>

/** A place on a page, as fractions of the page's width and height from its top left corner. */
const fraction = finite.min(0, 'A point on the page is expected').max(1, 'A point on the page is expected')

/** The zooms a document's page is shown at (1 is the page's own size). */
export const PAGE_ZOOM_MIN = 0.25
export const PAGE_ZOOM_MAX = 8

/**
 * Where a comment is pinned and the view it was made in. A model: the picked point in the model's
 * coordinates, the camera, the section planes and the keys of the parts hidden. A DXF drawing: the
 * point in the drawing's units, and the drawing's centre and zoom. A document (PDF): the page
 * (counted from 1), the point on it as fractions of the page, and the zoom it was shown at.
 */
export const pinnedViewSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('model'),
    point: vector3,
    camera: cameraSchema,
    sections: z.array(pinnedSectionSchema).max(6, 'At most 6 section planes'),
    hiddenParts: z.array(z.string().max(500)).max(2000, 'At most 2000 hidden parts'),
  }),
  z.object({
    kind: z.literal('drawing'),
    point: z.tuple([finite, finite]),
    center: z.tuple([finite, finite]),
    zoom: finite.positive(),
  }),
  z.object({
    kind: z.literal('page'),
    page: z.number().int('A page number is expected').min(1, 'A page number is expected').max(100_000, 'A page number is expected'),
    point: z.tuple([fraction, fraction]),
    zoom: finite.min(PAGE_ZOOM_MIN, `The zoom is at least ${PAGE_ZOOM_MIN}`).max(PAGE_ZOOM_MAX, `The zoom is at most ${PAGE_ZOOM_MAX}`),
  }),
])
export type PinnedView = z.infer<typeof pinnedViewSchema>

/** A new comment (pinned or not) or a reply to one (a reply is never pinned: it answers its comment). */
export const revisionCommentSchema = z.object({
  revisionId: z.uuid('Choose a revision'),
  parentId: z.uuid().optional(),
  body: z.string('Write a comment').trim().min(1, 'Write a comment').max(REVISION_COMMENT_MAX, `At most ${REVISION_COMMENT_MAX} characters`),
  /** The pin, as JSON in a form field. */
  view: pinnedViewSchema.optional(),
})
export type RevisionCommentInput = z.infer<typeof revisionCommentSchema>

export interface RevisionCommentView {
  id: string
  revisionId: string
  /** The revision's code (P01…) it was made on. */
  revisionCode: string | null
  author: string
  side: 'client' | 'consultancy'
  mine: boolean
  body: string
  view: PinnedView | null
  /** Resolved: who and when; null while open. */
  resolvedBy: string | null
  resolvedAt: string | null
  /** Shown on this revision as carried over from an earlier one's comment (its code), by the consultancy's choice. */
  carriedFrom: string | null
  at: string
  replies: { id: string; author: string; side: 'client' | 'consultancy'; mine: boolean; body: string; at: string }[]
  /** The viewer may resolve or reopen it. */
  canResolve: boolean
}

/** The pin as a form sends it: JSON in one field, read back into the view it names. */
const pinnedViewField = z
  .string()
  .max(200_000, 'The pinned view is too large')
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown
    } catch {
      ctx.addIssue({ code: 'custom', message: 'The pinned view could not be read' })
      return z.NEVER
    }
  })
  .pipe(pinnedViewSchema)

/** A comment as the viewer's form posts it (the pin as JSON); the same rules as revisionCommentSchema. */
export const revisionCommentFormSchema = revisionCommentSchema.extend({ view: pinnedViewField.optional() })

/** Resolving a comment, or reopening it. */
export const resolveCommentSchema = z.object({
  commentId: z.uuid('Choose a comment'),
  resolved: z.enum(['true', 'false']).transform((value) => value === 'true'),
})
