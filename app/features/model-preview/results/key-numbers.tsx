import type { ResultSummary } from '../../../../lib/simulation-results/result-summary'
import { formatValue, unitOf } from './field-labels'

const point = (at: readonly number[]) => `(${at.map(formatValue).join(', ')})`

/**
 * A simulation result's key numbers on its file's card: its size, and each field's least and greatest
 * value (a vector's or tensor's magnitude) with the point, or the centre of the cell, where it occurs.
 */
export function KeyNumbers({ name, summary }: { name: string; summary: ResultSummary }) {
  return (
    <div className="basis-full overflow-x-auto pl-2 text-sm">
      <table className="border-separate border-spacing-x-3 text-left" data-testid="key-numbers">
        <caption className="text-left text-(--color-light)">
          Key numbers of {name}: {summary.cells.toLocaleString('en-GB')} cells, {summary.points.toLocaleString('en-GB')} points
        </caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Least</th>
            <th scope="col">Greatest</th>
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {summary.fields.map((f) => {
            const unit = unitOf(f.name)
            const extreme = ({ value, at }: { value: number; at: readonly number[] }) => (
              <td className="align-top">
                <span className="block whitespace-nowrap">{`${formatValue(value)}${unit ? ` ${unit}` : ''}`}</span>
                <span className="block text-xs whitespace-nowrap text-(--color-light)">at {point(at)}</span>
              </td>
            )
            return (
              <tr key={`${f.location}:${f.name}`}>
                <th scope="row" className="align-top font-normal">
                  {f.name}
                  {f.components > 1 ? ' (magnitude)' : ''}
                  <span className="text-(--color-light)"> {f.location === 'point' ? 'on points' : 'on cells'}</span>
                </th>
                {extreme(f.min)}
                {extreme(f.max)}
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
