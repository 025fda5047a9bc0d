import { useEffect, useId, useRef, useState } from 'react'
import type { PreviewKind } from '../../../../lib/file-types'
import { secondaryButtonClass } from '../../../components/portal/styles'
import { DrawingOverlay } from './drawing-compare'
import { Overlay, SideBySide } from './model-compare'
import type { RevisionFile } from './revision-file'

export interface CompareDialogProps {
  older: RevisionFile
  newer: RevisionFile
  /** Both files' kind: two models, or two DXF drawings. */
  kind: PreviewKind
  onClose: () => void
}

type Mode = 'side' | 'overlay'
const modes: { id: Mode; label: string }[] = [
  { id: 'side', label: 'Side by side' },
  { id: 'overlay', label: 'Overlay' },
]

/**
 * Two revisions of a deliverable in a modal dialog. Models: side by side with linked cameras, or
 * overlaid and coloured by what changed; drawings: overlaid in two colours. Escape or Close closes it
 * (the focus goes back to the button that opened it); on a phone it fills the screen and the two
 * views stack. Loaded only when a comparison opens, with three.js and the parsers.
 */
export default function CompareDialog({ older, newer, kind, onClose }: CompareDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const [mode, setMode] = useState<Mode>('side')
  const titleId = useId()
  const modeName = useId()

  useEffect(() => {
    const d = dialog.current!
    d.showModal()
    return () => d.close()
  }, [])

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      className="m-auto h-[85vh] max-h-none w-[min(80rem,95vw)] max-w-none rounded-lg border border-(--color-border) bg-(--color-foreground) p-4 text-(--color-text) backdrop:bg-black/60 open:flex open:flex-col max-md:h-dvh max-md:w-full max-md:rounded-none max-md:border-0 max-md:p-2"
      onCancel={(e) => {
        e.preventDefault()
        onClose()
      }}
    >
      <header className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-2 max-md:mb-2">
        <h2 id={titleId} className="mr-auto min-w-0 truncate text-lg font-semibold">
          Compare {older.label} and {newer.label}
        </h2>
        {kind === 'model' ? (
          <fieldset className="flex items-center gap-3 text-sm">
            <legend className="sr-only">Comparison</legend>
            {modes.map((m) => (
              <label key={m.id} className="flex cursor-pointer items-center gap-1.5 rounded-md border border-(--color-border) px-2 py-1 has-checked:bg-(--color-shade) has-focus-visible:outline-2 has-focus-visible:outline-(--color-highlight)">
                <input type="radio" name={modeName} value={m.id} checked={mode === m.id} onChange={() => setMode(m.id)} className="accent-(--color-highlight)" />
                {m.label}
              </label>
            ))}
          </fieldset>
        ) : null}
        <button type="button" className={secondaryButtonClass} onClick={onClose}>
          Close
        </button>
      </header>
      <div className="min-h-0 flex-1">{kind === 'drawing' ? <DrawingOverlay older={older} newer={newer} /> : mode === 'side' ? <SideBySide older={older} newer={newer} /> : <Overlay older={older} newer={newer} />}</div>
    </dialog>
  )
}
