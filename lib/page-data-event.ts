/**
 * A page about to read its data in the browser (a portal page's clientLoader, on its first load and
 * on every navigation to it) says so here. React renders that data in a transition, and a transition
 * cannot finish while a part of the page still waits to hydrate (a block whose code loads when it
 * comes into view, such as the side panel's System Status in a closed drawer): such parts load their
 * code at once when told.
 */
// Browser-only module state: whether this page has read data in the browser yet (the first read may
// start before the parts that wait for it have rendered), and who waits for it.
let announced = false
const waiting = new Set<() => void>()

export function announcePageData(): void {
  announced = true
  for (const callback of waiting) callback()
  waiting.clear()
}

/** Calls `callback` once a page reads its data in the browser (at once if one already has); returns the way to stop waiting. */
export function whenPageData(callback: () => void): () => void {
  if (announced) callback()
  else waiting.add(callback)
  return () => waiting.delete(callback)
}
