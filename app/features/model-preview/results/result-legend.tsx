import * as THREE from 'three'
import { colourOf, type FieldRange } from '../../../../lib/simulation-results/field-colours'
import { formatValue } from './field-labels'

/** The scale's colours as the canvas shows them: the surface's colours are linear, the page's sRGB. */
const gradient = `linear-gradient(to right, ${Array.from({ length: 17 }, (_, i) => {
  const [r, g, b] = colourOf(i / 16, { min: 0, max: 1 })
  return `${new THREE.Color().setRGB(r, g, b, THREE.LinearSRGBColorSpace).getStyle()} ${((i / 16) * 100).toFixed(1)}%`
}).join(', ')})`

/** The colour scale of the field shown: its name, units, and the range the colours span. */
export function ResultLegend({ name, unit, range, fixed }: { name: string; unit: string | null; range: FieldRange; fixed: boolean }) {
  const mid = (range.min + range.max) / 2
  return (
    <figure className="flex flex-col gap-1" data-testid="result-legend" aria-label={`Colour scale of ${name}`}>
      <figcaption className="text-sm font-medium">
        {name} <span className="font-normal text-(--color-light)">{unit ? `(${unit})` : '(units not stored in the file)'}</span>
      </figcaption>
      <div className="h-3 rounded-sm border border-(--color-border)" style={{ background: gradient }} aria-hidden="true" />
      <div className="flex justify-between text-xs tabular-nums">
        <span data-testid="legend-min">{formatValue(range.min)}</span>
        <span>{formatValue(mid)}</span>
        <span data-testid="legend-max">{formatValue(range.max)}</span>
      </div>
      <p className="text-xs text-(--color-light)">{fixed ? 'Range fixed by you; values beyond it take the end colours.' : 'The field’s least to greatest value.'}</p>
    </figure>
  )
}
