import { secondaryButtonClass } from '../../../components/portal/styles'
import type { Axis, SectionPlane } from './section-view'

const numberClass = 'w-24 rounded-md border border-(--color-border) bg-(--color-background) px-2 py-1 text-(--color-text)'

/**
 * The section planes' controls: a plane along X, Y or Z, or on a face picked on the model, is added,
 * moved by its slider or a typed offset, turned round to keep the other side, or removed.
 */
export function SectionPanel({
  planes,
  rangeOf,
  unit,
  pickingFace,
  onAdd,
  onPickFace,
  onChange,
  onRemove,
}: {
  planes: SectionPlane[]
  rangeOf: (plane: SectionPlane) => [number, number]
  unit: string
  pickingFace: boolean
  onAdd: (axis: Axis) => void
  onPickFace: (on: boolean) => void
  onChange: (plane: SectionPlane) => void
  onRemove: (plane: SectionPlane) => void
}) {
  return (
    <section className="flex flex-col gap-2 rounded-md border border-(--color-border) p-2 text-sm" aria-label="Section" data-testid="section-panel">
      <div className="flex flex-wrap items-center gap-2">
        {(['x', 'y', 'z'] as const).map((axis) => (
          <button key={axis} type="button" className={secondaryButtonClass} onClick={() => onAdd(axis)}>
            Add {axis.toUpperCase()} plane
          </button>
        ))}
        <button type="button" className={secondaryButtonClass} aria-pressed={pickingFace} onClick={() => onPickFace(!pickingFace)}>
          Add plane on a face
        </button>
        <p className="text-(--color-light)" role="status">
          {pickingFace ? 'Pick a face of the model: the plane lies on it.' : planes.length === 0 ? 'No section: add a plane to cut the model.' : ''}
        </p>
      </div>
      {planes.map((plane, i) => {
        const [min, max] = rangeOf(plane)
        const name = `Plane ${i + 1} (${plane.along === 'face' ? 'face' : plane.along.toUpperCase()})`
        const step = Math.max((max - min) / 200, 1e-6)
        return (
          <fieldset key={plane.id} className="flex flex-wrap items-center gap-2" data-testid="section-plane">
            <legend className="sr-only">{name}</legend>
            <span aria-hidden="true" className="font-medium">
              {name}
            </span>
            <input type="range" aria-label={`${name} position`} min={min} max={max} step={step} value={plane.offset} onChange={(e) => onChange({ ...plane, offset: Number(e.target.value) })} />
            <label className="flex items-center gap-1">
              Offset ({unit})
              <input
                type="number"
                className={numberClass}
                step="any"
                value={Number(plane.offset.toPrecision(6))}
                onChange={(e) => {
                  const value = e.target.valueAsNumber
                  if (Number.isFinite(value)) onChange({ ...plane, offset: value })
                }}
              />
            </label>
            <button type="button" className={secondaryButtonClass} aria-pressed={plane.flipped} onClick={() => onChange({ ...plane, flipped: !plane.flipped })}>
              Flip kept side
            </button>
            <button type="button" className={secondaryButtonClass} aria-label={`Remove ${name}`} onClick={() => onRemove(plane)}>
              Remove
            </button>
          </fieldset>
        )
      })}
    </section>
  )
}
