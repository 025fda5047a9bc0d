/**
 * A portal list's table that becomes a stack of cards on a phone: below the md breakpoint every row
 * is a card and every cell a line that names its column (`data-label`), so status, unread counts and
 * actions stay visible without scrolling sideways; from md up it is an ordinary table.
 */
export const stackedTable = {
  table: 'block w-full border-collapse text-left text-sm md:table',
  /** Read by screen readers on a phone too; shown from md up. */
  head: 'sr-only md:not-sr-only md:table-header-group md:sticky md:top-0 md:bg-(--color-shade)',
  headCell: 'px-3 py-2',
  body: 'block md:table-row-group',
  row: 'mb-3 block rounded-md border border-(--color-border) p-3 last:mb-0 md:mb-0 md:table-row md:rounded-none md:border-0 md:border-t md:p-0',
  cell: "flex gap-3 py-1 before:w-28 before:shrink-0 before:font-medium before:text-(--color-light) before:content-[attr(data-label)] max-md:empty:hidden md:table-cell md:px-3 md:py-2 md:before:content-none",
}
