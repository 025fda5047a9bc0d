import type { ReactNode } from 'react'
import { stackedTable } from './stacked-table'
import { cn } from '../ui/cn'

/**
 * A portal list's table (a stack of cards on a phone, see `stackedTable`): its column headings (a
 * `false` column is left out), an unseen "Actions" heading when each row ends with its buttons, and
 * the rows, which use `stackedTable.row` and `stackedTable.cell` with the cell's `data-label`.
 */
export function PortalTable({
  columns,
  actions = false,
  className,
  labelledBy,
  children,
}: {
  columns: readonly (string | false)[]
  actions?: boolean
  className?: string
  labelledBy?: string
  children: ReactNode
}) {
  return (
    <table className={cn(stackedTable.table, className)} aria-labelledby={labelledBy}>
      <thead className={stackedTable.head}>
        <tr>
          {columns.filter((heading) => heading !== false).map((heading) => (
            <th key={heading} scope="col" className={stackedTable.headCell}>
              {heading}
            </th>
          ))}
          {actions ? (
            <th scope="col" className={stackedTable.headCell}>
              <span className="sr-only">Actions</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody className={stackedTable.body}>{children}</tbody>
    </table>
  )
}
