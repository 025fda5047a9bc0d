import { drawRule, ink } from './letterhead'

/** A column of a PDF table: its heading, its share of the text width, and how its cells align (left unless said). */
export interface TableColumn {
  label: string
  share: number
  align?: 'left' | 'right'
}

/**
 * A table across the page's text width, drawn at the cursor row by row: each cell wraps within its
 * column (less a gutter of 6 points), and the next row starts `rowGap` under the tallest cell. The
 * header is the columns' labels in bold over a rule; draw it again at the top of each new page.
 * `columns` gives each column's left edge and width, for what is drawn in line with them.
 */
export function pdfTable(doc: PDFKit.PDFDocument, spec: readonly TableColumn[], { fontSize, rowGap }: { fontSize: number; rowGap: number }) {
  const left = doc.page.margins.left
  const width = doc.page.width - left - doc.page.margins.right
  let x = left
  const columns = spec.map((c) => {
    const column = { label: c.label, align: c.align ?? 'left', x, w: width * c.share }
    x += column.w
    return column
  })
  const row = (cells: string[], bold = false) => {
    const top = doc.y
    let bottom = top
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(fontSize).fillColor(ink)
    cells.forEach((text, i) => {
      doc.text(text, columns[i]!.x, top, { width: columns[i]!.w - 6, align: columns[i]!.align })
      bottom = Math.max(bottom, doc.y)
    })
    doc.y = bottom + rowGap
  }
  const header = () => {
    row(
      columns.map((c) => c.label),
      true,
    )
    drawRule(doc)
    doc.y += 4
  }
  return { columns, row, header }
}
