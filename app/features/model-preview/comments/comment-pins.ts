import type { PinnedView, RevisionCommentView } from '../../../../lib/review-comments'

/** A comment's pin as the view draws it: its number in the list, its point, and whether it is resolved. */
export interface Pin {
  id: string
  number: number
  /** The point in the model's or the drawing's coordinates. */
  point: readonly number[]
  resolved: boolean
}

/** The pins of the comments pinned on a model or on a drawing (numbered by their place in the list), and the one being written. */
export function commentPins(comments: readonly RevisionCommentView[], kind: PinnedView['kind'], pending: readonly number[] | null): Pin[] {
  const pins: Pin[] = []
  comments.forEach((c, i) => {
    if (c.view?.kind === kind) pins.push({ id: c.id, number: i + 1, point: c.view.point, resolved: c.resolvedAt !== null })
  })
  if (pending) pins.push({ id: 'new', number: comments.length + 1, point: pending, resolved: false })
  return pins
}

/** Where a point falls on the view, in pixels from its top left corner; null when it is behind the camera. */
export type Projector = (point: readonly number[]) => { x: number; y: number } | null

/**
 * The comments' pins over a view: a numbered marker at each pinned point, kept over it as the view
 * turns (`place` is called after each frame), dimmed when the comment is resolved, ringed when it is
 * the comment open in the list. The markers are pictures only: the comments list is how one reaches them.
 */
export class PinOverlay {
  private readonly overlay = document.createElement('div')
  private markers: { pin: Pin; element: HTMLElement }[] = []

  constructor(
    parent: HTMLElement,
    private project: Projector,
  ) {
    this.overlay.className = 'pointer-events-none absolute inset-0 overflow-hidden'
    this.overlay.setAttribute('aria-hidden', 'true')
    this.overlay.dataset.testid = 'comment-pins'
    parent.appendChild(this.overlay)
  }

  set(pins: readonly Pin[], activeId: string | null) {
    for (const { element } of this.markers) element.remove()
    this.markers = pins.map((pin) => {
      const element = document.createElement('span')
      const active = pin.id === activeId
      element.className = `absolute flex size-6 -translate-x-1/2 -translate-y-full items-center justify-center rounded-full rounded-bl-none border-2 text-xs font-bold shadow ${
        active ? 'border-white bg-[#c2410c] text-white ring-2 ring-[#c2410c]' : 'border-white bg-[#1d4ed8] text-white'
      } ${pin.resolved ? 'opacity-45' : ''}`
      element.textContent = String(pin.number)
      element.dataset.testid = 'comment-pin'
      element.dataset.commentId = pin.id
      element.dataset.resolved = String(pin.resolved)
      element.dataset.active = String(active)
      this.overlay.appendChild(element)
      return { pin, element }
    })
    this.place()
  }

  /** Keeps each marker over its point. */
  place = () => {
    for (const { pin, element } of this.markers) {
      const at = this.project(pin.point)
      element.style.display = at ? '' : 'none'
      if (!at) continue
      element.style.left = `${at.x}px`
      element.style.top = `${at.y}px`
    }
  }

  dispose() {
    this.overlay.remove()
  }
}
