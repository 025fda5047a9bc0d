import { lazy, Suspense } from 'react'
import type { PreviewKind } from '../../../../lib/file-types'
import { linkButtonClass } from '../../../components/portal/styles'
import type { RevisionFile } from './revision-file'
import { useDialogButton } from '../use-dialog-button'

// The comparison (three.js, the parsers, their workers and WebAssembly) loads when it opens, never before.
const CompareDialog = lazy(() => import('./compare-dialog'))

/** "Compare with P01" beside a revision: opens the older and the newer revision's files side by side or overlaid. */
export function CompareButton({ older, newer, kind }: { older: RevisionFile; newer: RevisionFile; kind: PreviewKind }) {
  const { open, setOpen, button } = useDialogButton()
  return (
    <>
      <button ref={button} type="button" className={linkButtonClass} onClick={() => setOpen(true)} aria-label={`Compare ${newer.label} with ${older.label}`}>
        Compare with {older.label}
      </button>
      {open ? (
        <Suspense
          fallback={
            <p role="status" className="fixed inset-x-0 top-1/2 mx-auto w-fit rounded-md bg-(--color-foreground) p-4 shadow">
              Opening the comparison…
            </p>
          }
        >
          <CompareDialog older={older} newer={newer} kind={kind} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  )
}
