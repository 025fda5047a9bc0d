import type { StudyTable as StudyTableData } from '../../../content/examples/types'

/** A numbered data table (its cells typeset by the route's loader); it scrolls sideways on narrow screens rather than squeezing the figures. */
export function StudyTable({ table, number }: { table: StudyTableData; number?: number }) {
  const label = `${number !== undefined ? `Table ${number}. ` : ''}${table.caption}`
  return (
    <div className="my-6">
      <div className="overflow-x-auto" role="region" aria-label={label} tabIndex={0}>
        <table className="w-full border-collapse text-left text-sm">
          <caption className="mb-2 text-left text-sm text-(--color-light)">
            {number !== undefined && <span className="font-semibold">Table {number}. </span>}
            {table.caption}
          </caption>
          <thead>
            <tr>
              {table.head.map((cell, i) => (
                <th key={i} scope="col" className="border-b border-(--color-border) px-3 py-2 font-semibold">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, r) => (
              <tr key={r} className="odd:bg-(--color-shade)/40">
                {row.map((cell, c) =>
                  c === 0 ? (
                    <th key={c} scope="row" className="border-b border-(--color-border) px-3 py-2 font-medium">
                      {cell}
                    </th>
                  ) : (
                    <td key={c} className="border-b border-(--color-border) px-3 py-2 tabular-nums">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {table.note && <p className="mt-2 text-xs text-(--color-light)">{table.note}</p>}
    </div>
  )
}
