import type { RefusedReference } from './reference-reader'

/**
 * Beside the model: the files it names that the viewer did not open, each with why. The model is
 * shown without them (untextured, or without the refused geometry).
 */
export function RefusedReferences({ refused }: { refused: RefusedReference[] }) {
  if (refused.length === 0) return null
  return (
    <div role="status" className="rounded-md border border-(--color-border) p-2 text-sm" data-testid="preview-refused">
      <p>This model names files the viewer did not open; it is shown without them:</p>
      <ul className="mt-1 list-disc pl-5">
        {refused.map((r) => (
          <li key={r.reference} className="break-all">
            <code>{r.reference}</code>: {r.reason}
          </li>
        ))}
      </ul>
    </div>
  )
}
