import { useId } from 'react'
import { secondaryButtonClass } from '../../../components/portal/styles'
import type { Measurement, MeasureMode } from './measure-tool'

const modes: { id: MeasureMode; label: string }[] = [
  { id: 'distance', label: 'Distance' },
  { id: 'angle', label: 'Angle' },
  { id: 'diameter', label: 'Diameter' },
  { id: 'part', label: 'Part' },
]

/** The measure tool's controls: what a pick measures, what to pick next, and the measurements so far. */
export function MeasurePanel({ mode, onMode, status, measurements, onClear }: { mode: MeasureMode; onMode: (mode: MeasureMode) => void; status: string; measurements: Measurement[]; onClear: () => void }) {
  const listId = useId()
  return (
    <section className="flex flex-col gap-2 rounded-md border border-(--color-border) p-2 text-sm" aria-label="Measure" data-testid="measure-panel">
      <div className="flex flex-wrap items-center gap-3">
        <fieldset className="flex flex-wrap items-center gap-3">
          <legend className="sr-only">Measure</legend>
          {modes.map((m) => (
            <label key={m.id} className="flex items-center gap-1">
              <input type="radio" name="measure-mode" value={m.id} checked={mode === m.id} onChange={() => onMode(m.id)} />
              {m.label}
            </label>
          ))}
        </fieldset>
        <p className="text-(--color-light)" role="status" data-testid="measure-status">
          {status}
        </p>
        <button type="button" className={`${secondaryButtonClass} ml-auto`} disabled={measurements.length === 0} onClick={onClear}>
          Clear measurements
        </button>
      </div>
      {measurements.length ? (
        <ol id={listId} className="max-h-28 list-decimal overflow-auto pl-6" aria-label="Measurements" data-testid="measurements" tabIndex={0}>
          {measurements.map((m) => (
            <li key={m.id}>{m.text}</li>
          ))}
        </ol>
      ) : null}
    </section>
  )
}
