/**
 * A few helpers for the case-study figures: plain SVG strings on a light "paper" background, so
 * they read the same on every site theme and in the full-screen view.
 */
export const ink = '#1b2a41'
export const grid = '#d5dce8'
export const paper = '#f7f9fc'
export const palette = ['#1f6fb2', '#e07b22', '#2e9d5b', '#b83b5e', '#7a5cc7']
export const font = `font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"`

export const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

export function svg(width: number, height: number, title: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img">
<title>${esc(title)}</title>
<rect width="${width}" height="${height}" fill="${paper}"/>
${body}
</svg>
`
}

export function text(x: number, y: number, s: string, opts: { size?: number; anchor?: 'start' | 'middle' | 'end'; weight?: number; fill?: string; rotate?: number } = {}): string {
  const { size = 18, anchor = 'start', weight = 400, fill = ink, rotate } = opts
  const transform = rotate ? ` transform="rotate(${rotate} ${x} ${y})"` : ''
  return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" ${font} font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}"${transform}>${esc(s)}</text>`
}

export function line(x1: number, y1: number, x2: number, y2: number, stroke = ink, width = 2, extra = ''): string {
  return `<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}" stroke="${stroke}" stroke-width="${width}" ${extra}/>`
}

export function path(d: string, stroke = ink, width = 2, fill = 'none', extra = ''): string {
  return `<path d="${d}" stroke="${stroke}" stroke-width="${width}" fill="${fill}" stroke-linejoin="round" stroke-linecap="round" ${extra}/>`
}

export function polyline(points: [number, number][]): string {
  return points.map(([x, y], i) => `${i ? 'L' : 'M'}${x.toFixed(1)} ${y.toFixed(1)}`).join(' ')
}

export const arrowDefs = `<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" fill="${ink}"/></marker><marker id="arrow-red" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" fill="#c0392b"/></marker></defs>`

export function arrow(x1: number, y1: number, x2: number, y2: number, stroke = ink, width = 2.5): string {
  const marker = stroke === ink ? 'arrow' : 'arrow-red'
  return line(x1, y1, x2, y2, stroke, width, `marker-end="url(#${marker})"`)
}

export interface Axes {
  x: (v: number) => number
  y: (v: number) => number
  body: string
}

/** Plot area with ticks, grid and labels. */
export function axes(o: {
  width: number
  height: number
  xMin: number
  xMax: number
  yMin: number
  yMax: number
  xTicks: number[]
  yTicks: number[]
  xLabel: string
  yLabel: string
  xFormat?: (v: number) => string
  yFormat?: (v: number) => string
  margin?: { l: number; r: number; t: number; b: number }
  title?: string
}): Axes {
  const m = o.margin ?? { l: 100, r: 40, t: o.title ? 64 : 30, b: 80 }
  const pw = o.width - m.l - m.r
  const ph = o.height - m.t - m.b
  const x = (v: number) => m.l + ((v - o.xMin) / (o.xMax - o.xMin)) * pw
  const y = (v: number) => m.t + ph - ((v - o.yMin) / (o.yMax - o.yMin)) * ph
  const xf = o.xFormat ?? String
  const yf = o.yFormat ?? String
  let body = ''
  if (o.title) body += text(o.width / 2, 38, o.title, { size: 22, anchor: 'middle', weight: 600 })
  for (const t of o.yTicks) body += line(m.l, y(t), m.l + pw, y(t), grid, 1) + text(m.l - 10, y(t) + 6, yf(t), { size: 16, anchor: 'end' })
  for (const t of o.xTicks) body += line(x(t), m.t + ph, x(t), m.t + ph + 6, ink, 1.5) + text(x(t), m.t + ph + 28, xf(t), { size: 16, anchor: 'middle' })
  body += line(m.l, m.t, m.l, m.t + ph, ink, 1.5) + line(m.l, m.t + ph, m.l + pw, m.t + ph, ink, 1.5)
  body += text(m.l + pw / 2, o.height - 18, o.xLabel, { size: 18, anchor: 'middle', weight: 600 })
  body += text(26, m.t + ph / 2, o.yLabel, { size: 18, anchor: 'middle', weight: 600, rotate: -90 })
  return { x, y, body }
}

/** Vertical bars in groups, one colour per series, with value labels. */
export function barChart(o: {
  width: number
  height: number
  title?: string
  categories: string[]
  series: { name: string; values: number[] }[]
  yMin?: number
  yMax: number
  yTicks: number[]
  yLabel: string
  xLabel: string
  format: (v: number) => string
  yFormat?: (v: number) => string
  extra?: (a: Axes) => string
}): string {
  const n = o.categories.length
  const a = axes({ width: o.width, height: o.height, xMin: 0, xMax: n, yMin: o.yMin ?? 0, yMax: o.yMax, xTicks: [], yTicks: o.yTicks, xLabel: o.xLabel, yLabel: o.yLabel, yFormat: o.yFormat, title: o.title })
  let body = a.body
  const slot = a.x(1) - a.x(0)
  const groupWidth = slot * 0.72
  const bar = groupWidth / o.series.length
  o.categories.forEach((c, i) => {
    const left = a.x(i) + (slot - groupWidth) / 2
    body += text(a.x(i) + slot / 2, a.y(o.yMin ?? 0) + (o.yMin && o.yMin < 0 ? 0 : 0) + 28, c, { size: 16, anchor: 'middle' })
    o.series.forEach((s, j) => {
      const v = s.values[i]
      const zero = a.y(0)
      const top = a.y(v)
      const yTop = Math.min(zero, top)
      body += `<rect x="${(left + j * bar + 2).toFixed(1)}" y="${yTop.toFixed(1)}" width="${(bar - 4).toFixed(1)}" height="${Math.abs(zero - top).toFixed(1)}" fill="${palette[j % palette.length]}"/>`
      body += text(left + j * bar + bar / 2, v >= 0 ? top - 8 : top + 22, o.format(v), { size: 15, anchor: 'middle', weight: 600 })
    })
  })
  if (o.series.length > 1) {
    o.series.forEach((s, j) => {
      const lx = o.width - 40 - (o.series.length - j) * 150
      body += `<rect x="${lx}" y="${(o.title ? 52 : 14)}" width="16" height="16" fill="${palette[j]}"/>` + text(lx + 22, (o.title ? 52 : 14) + 14, s.name, { size: 15 })
    })
  }
  if (o.extra) body += o.extra(a)
  return svg(o.width, o.height, o.title ?? o.yLabel, arrowDefs + body)
}
