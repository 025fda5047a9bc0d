import type { ReactNode } from 'react'
import { secondaryButtonClass } from '../../components/portal/styles'

/**
 * The button that opens and closes a view's side list on a phone (hidden from md up, where the list
 * always shows beside the canvas). It says whether the list is open and which element it controls.
 */
export function SideListToggle({ id, title, open, onToggle }: { id: string; title: string; open: boolean; onToggle: () => void }) {
  return (
    <button type="button" className={`${secondaryButtonClass} aria-expanded:bg-(--color-shade) md:hidden`} aria-expanded={open} aria-controls={id} onClick={onToggle}>
      {title}
    </button>
  )
}

/**
 * A view's list of what can be shown or hidden (a model's parts, a drawing's layers). From md up it is
 * a column beside the canvas; on a phone it is a drawer over the canvas's right side, closed until its
 * button opens it, so the canvas keeps the whole width of the screen.
 */
export function SideList({ id, title, testId, open, children }: { id: string; title: string; testId: string; open: boolean; children: ReactNode }) {
  return (
    <fieldset
      id={id}
      className={`w-56 shrink-0 overflow-auto rounded-md border border-(--color-border) bg-(--color-foreground) p-2 text-sm max-md:absolute max-md:inset-y-0 max-md:right-0 max-md:z-10 max-md:w-[min(16rem,80%)] max-md:shadow-xl ${open ? '' : 'max-md:hidden'}`}
      data-testid={testId}
    >
      <legend className="px-1 font-medium">{title}</legend>
      {children}
    </fieldset>
  )
}

/** The names a side list hides, after one of them was shown or hidden. */
export function withShown(hidden: ReadonlySet<string>, name: string, shown: boolean): Set<string> {
  const next = new Set(hidden)
  if (shown) next.delete(name)
  else next.add(name)
  return next
}
