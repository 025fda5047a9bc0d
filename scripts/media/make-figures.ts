/**
 * Draws the case-study figures from the studies' own numbers into public/media/examples/.
 * Run once after changing a study's figures: node --import tsx scripts/media/make-figures.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { arrow, arrowDefs, axes, barChart, grid, ink, line, palette, path as svgPath, polyline, svg, text } from './svg'

const outRoot = path.resolve(import.meta.dirname, '../../public/media/examples')

function write(slug: string, name: string, content: string) {
  const dir = path.join(outRoot, slug)
  mkdirSync(dir, { recursive: true })
  writeFileSync(path.join(dir, name), content)
}

const steel = '#8aa0b8'
const red = '#c0392b'
const fmt = (d: number) => (v: number) => v.toFixed(d)

// ---------------------------------------------------------------- aerodynamic trailer
function trailerProfiles() {
  const W = 960
  const H = 540
  const profiles: { key: string; name: string; d: (x: number, y: number) => string }[] = [
    { key: 'A', name: 'Square edge', d: (x, y) => `M${x} ${y + 200} L${x} ${y} L${x + 150} ${y}` },
    { key: 'B', name: '45° chamfer', d: (x, y) => `M${x} ${y + 200} L${x} ${y + 45} L${x + 45} ${y} L${x + 150} ${y}` },
    { key: 'C', name: '300 mm radius', d: (x, y) => `M${x} ${y + 200} L${x} ${y + 45} A45 45 0 0 1 ${x + 45} ${y} L${x + 150} ${y}` },
    { key: 'D', name: '600 mm radius', d: (x, y) => `M${x} ${y + 200} L${x} ${y + 90} A90 90 0 0 1 ${x + 90} ${y} L${x + 150} ${y}` },
    { key: 'E', name: 'Elliptical fairing', d: (x, y) => `M${x + 20} ${y + 200} L${x + 20} ${y + 120} C${x + 20} ${y + 40} ${x + 60} ${y} ${x + 150} ${y}` },
  ]
  let body = text(W / 2, 40, 'Trailer front roof profiles (side elevation, leading 900 mm)', { size: 22, anchor: 'middle', weight: 600 })
  profiles.forEach((p, i) => {
    const x = 40 + i * 184
    const y = 150
    body += `<rect x="${x}" y="${y - 20}" width="170" height="300" rx="8" fill="#fff" stroke="${grid}"/>`
    body += svgPath(p.d(x + 10, y + 20) + ` L${x + 160} ${y + 220} L${x + 10} ${y + 220} Z`, ink, 1, '#e8eef6')
    body += svgPath(p.d(x + 10, y + 20), i === 4 ? palette[2] : palette[0], 4)
    body += arrow(x - 4, y - 45, x + 60, y - 45, '#c0392b', 2)
    body += text(x + 85, y + 255, `${p.key}  ${p.name}`, { size: 16, anchor: 'middle', weight: 600 })
  })
  body += text(W / 2, 500, 'Air flows left to right over the cab roof onto the trailer front. Load space unchanged in all five.', { size: 16, anchor: 'middle' })
  write('aerodynamic-trailer', 'roof-profiles.svg', svg(W, H, 'Trailer roof profiles A to E', arrowDefs + body))
}

function trailerDrag() {
  write(
    'aerodynamic-trailer',
    'drag-comparison.svg',
    barChart({
      width: 960,
      height: 540,
      title: 'Drag coefficient by roof profile at 60 mph',
      categories: ['A Square', 'B Chamfer', 'C R300', 'D R600', 'E Ellipse'],
      series: [
        { name: '2D CFD', values: [0.74, 0.619, 0.555, 0.507, 0.466] },
        { name: '3D CFD', values: [0.62, 0.533, 0.487, 0.443, 0.412] },
      ],
      yMax: 0.8,
      yTicks: [0, 0.2, 0.4, 0.6, 0.8],
      yFormat: fmt(1),
      yLabel: 'Drag coefficient Cd',
      xLabel: 'Roof profile',
      format: fmt(3),
    }),
  )
}

function trailerCost() {
  write(
    'aerodynamic-trailer',
    'annual-fuel-cost.svg',
    barChart({
      width: 960,
      height: 540,
      title: 'Annual fuel cost per vehicle (100,000 km at £1.55/L)',
      categories: ['Profile A (existing): 33.0 L/100 km', 'Profile E (fairing): 27.47 L/100 km'],
      series: [{ name: 'Cost', values: [51150, 42582] }],
      yMax: 60000,
      yTicks: [0, 10000, 20000, 30000, 40000, 50000, 60000],
      yFormat: (v) => `£${(v / 1000).toFixed(0)}k`,
      yLabel: 'Fuel cost a year',
      xLabel: 'Saving: £8,568 per vehicle a year (16.75 %)',
      format: (v) => `£${v.toLocaleString('en-GB')}`,
      extra: (a) => line(a.x(0.5), a.y(51150), a.x(1.5), a.y(51150), red, 2, 'stroke-dasharray="8 6"') + arrow(a.x(1.5) + 110, a.y(51150), a.x(1.5) + 110, a.y(42582), red, 2.5) + text(a.x(1.5) + 125, a.y(46866) + 6, '−£8,568', { size: 18, weight: 700, fill: red }),
    }),
  )
}

// ---------------------------------------------------------------- wind load on a silo
/** Silo outline in a 15.5 m tall frame: returns drawing plus the y mapping. */
function siloOutline(x0: number, ground: number, scale: number) {
  const X = (m: number) => x0 + m * scale
  const Y = (m: number) => ground - m * scale
  let body = ''
  // legs and bracing
  body += line(X(-2.4), Y(0), X(-2.4), Y(6), steel, 6) + line(X(2.4), Y(0), X(2.4), Y(6), steel, 6)
  body += line(X(-2.4), Y(0.5), X(2.4), Y(5.5), grid, 2) + line(X(2.4), Y(0.5), X(-2.4), Y(5.5), grid, 2)
  // hopper, cylinder, roof
  body += svgPath(`M${X(-3)} ${Y(6)} L${X(-0.25)} ${Y(3)} L${X(0.25)} ${Y(3)} L${X(3)} ${Y(6)} Z`, ink, 2, '#dfe7f1')
  body += `<rect x="${X(-3)}" y="${Y(14.5)}" width="${6 * scale}" height="${8.5 * scale}" fill="#dfe7f1" stroke="${ink}" stroke-width="2"/>`
  body += svgPath(`M${X(-3)} ${Y(14.5)} L${X(0)} ${Y(15.5)} L${X(3)} ${Y(14.5)} Z`, ink, 2, '#cfd9e6')
  body += `<rect x="${X(-3.15)}" y="${Y(6.15)}" width="${6.3 * scale}" height="${0.3 * scale}" fill="${steel}"/>`
  body += line(X(-4.5), Y(0), X(4.5), Y(0), ink, 3)
  return { body, X, Y }
}

function siloElevation() {
  const W = 960
  const H = 640
  const { body: outline, X, Y } = siloOutline(400, 590, 33)
  let body = arrowDefs + outline
  const dim = (x1: number, y1: number, x2: number, y2: number, label: string, vertical: boolean) =>
    arrow(x1, y1, x2, y2, ink, 1.5) + arrow(x2, y2, x1, y1, ink, 1.5) + (vertical ? text(x1 + 10, (y1 + y2) / 2 + 6, label, { size: 16 }) : text((x1 + x2) / 2, y1 - 8, label, { size: 16, anchor: 'middle' }))
  body += dim(X(4.2), Y(14.5), X(4.2), Y(6), '8.5 m cylinder', true)
  body += dim(X(4.2), Y(6), X(4.2), Y(3), '3.0 m hopper', true)
  body += dim(X(4.2), Y(6), X(4.2), Y(0), '', true) + text(X(5.6), Y(1.2), '6.0 m legs', { size: 16 })
  body += dim(X(-3), Y(16.2), X(3), Y(16.2), 'Ø 6.0 m', false)
  body += dim(X(9.2), Y(15.5), X(9.2), Y(0), '', true) + text(X(9.5), Y(8), '15.5 m overall', { size: 16 })
  body += text(X(0), Y(10.5), 'Wheat 205 t', { size: 18, anchor: 'middle', weight: 600 })
  body += text(X(0), Y(9.6), '780 kg/m³', { size: 16, anchor: 'middle' })
  body += text(X(0), Y(8.7), 'Steel 16 t', { size: 16, anchor: 'middle' })
  for (const h of [13, 10, 7]) body += arrow(50, Y(h), X(-3.3), Y(h), red, 3)
  body += text(50, Y(14.6), 'Wind 100 mph', { size: 20, weight: 700, fill: red })
  body += text(50, Y(13.9), '(44.70 m/s)', { size: 16, fill: red })
  body += text(W - 30, 40, 'Total 221 t on four CHS 273 × 10 legs', { size: 18, anchor: 'end', weight: 600 })
  write('wind-load-silo', 'silo-elevation.svg', svg(W, H, 'Silo elevation and principal dimensions', body))
}

function siloJanssen() {
  const W = 960
  const H = 540
  const gamma = 7.65
  const R = 1.5
  const mu = 0.38
  const K = 0.54
  const z0 = R / (K * mu)
  const pho = (gamma * R) / mu
  const a = axes({ width: W, height: H, xMin: 0, xMax: 40, yMin: -8.5, yMax: 0, xTicks: [0, 10, 20, 30, 40], yTicks: [0, -2, -4, -6, -8], yFormat: (v) => `${-v}`, xLabel: 'Horizontal pressure on the wall p_h (kPa)', yLabel: 'Depth below grain surface (m)', title: 'Janssen wall pressure in the 6 m cylinder (wheat)' })
  const pts: [number, number][] = []
  const hyd: [number, number][] = []
  for (let z = 0; z <= 8.5001; z += 0.1) {
    pts.push([a.x(pho * (1 - Math.exp(-z / z0))), a.y(-z)])
    hyd.push([a.x(K * gamma * z), a.y(-z)])
  }
  let body = a.body
  body += svgPath(polyline(hyd), palette[1], 2.5, 'none', 'stroke-dasharray="8 6"')
  body += svgPath(polyline(pts), palette[0], 4)
  body += line(a.x(pho), a.y(0), a.x(pho), a.y(-8.5), red, 2, 'stroke-dasharray="4 6"')
  body += text(a.x(pho) + 8, a.y(-0.6), 'γR/μ = 30.2 kPa', { size: 16, fill: red })
  body += `<circle cx="${a.x(20.76)}" cy="${a.y(-8.5)}" r="6" fill="${palette[0]}"/>` + text(a.x(20.76) + 12, a.y(-8.5) - 10, '20.8 kPa at 8.5 m', { size: 16, weight: 600 })
  body += text(a.x(28) , a.y(-6.6), 'K γ z (no wall friction)', { size: 15, fill: palette[1] })
  body += text(a.x(3), a.y(-7.2), 'Janssen', { size: 16, weight: 600, fill: palette[0] })
  write('wind-load-silo', 'janssen-pressure.svg', svg(W, H, 'Janssen pressure against depth', body))
}

export function cpAt(alpha: number): number {
  if (alpha <= 75) return -1.5 + 2.5 * Math.cos((Math.PI / 2) * Math.pow(alpha / 75, 0.69))
  if (alpha <= 105) return -0.8 - 0.7 * Math.cos((Math.PI / 2) * ((alpha - 75) / 30))
  return -0.8
}

function siloCp() {
  const a = axes({ width: 960, height: 540, xMin: 0, xMax: 180, yMin: -2, yMax: 1.5, xTicks: [0, 30, 60, 90, 120, 150, 180], yTicks: [-2, -1.5, -1, -0.5, 0, 0.5, 1, 1.5], xFormat: (v) => `${v}°`, yFormat: fmt(1), xLabel: 'Angle from the windward meridian', yLabel: 'Pressure coefficient cp', title: 'External pressure round the cylinder (supercritical flow)' })
  const pts: [number, number][] = []
  for (let t = 0; t <= 180; t += 1) pts.push([a.x(t), a.y(cpAt(t))])
  let body = a.body + line(a.x(0), a.y(0), a.x(180), a.y(0), ink, 1.5)
  body += svgPath(polyline(pts), palette[0], 4)
  body += `<circle cx="${a.x(0)}" cy="${a.y(1)}" r="6" fill="${palette[0]}"/>` + text(a.x(0) + 12, a.y(1) - 10, '+1.0 stagnation', { size: 16 })
  body += `<circle cx="${a.x(75)}" cy="${a.y(-1.5)}" r="6" fill="${palette[0]}"/>` + text(a.x(75) + 12, a.y(-1.5) + 24, '−1.5 at 75°', { size: 16 })
  body += line(a.x(105), a.y(-2), a.x(105), a.y(1.5), red, 1.5, 'stroke-dasharray="4 6"') + text(a.x(105) + 8, a.y(1.2), 'separation ≈ 105°', { size: 16, fill: red })
  body += text(a.x(140), a.y(-0.8) - 12, 'base suction −0.8', { size: 16, anchor: 'middle' })
  write('wind-load-silo', 'pressure-distribution.svg', svg(960, 540, 'Pressure coefficient round the silo', body))
}

function siloWindLoads() {
  const W = 960
  const H = 640
  const { body: outline, X, Y } = siloOutline(330, 600, 36)
  let body = arrowDefs + outline
  body += arrow(X(-8), Y(9.65), X(-3.2), Y(9.65), red, 5)
  body += text(X(-8), Y(9.65) - 14, 'F = 62.5 kN', { size: 22, weight: 700, fill: red })
  body += line(X(-3.6), Y(9.65), X(6.5), Y(9.65), red, 1.5, 'stroke-dasharray="6 6"')
  body += arrow(X(6), Y(0), X(6), Y(9.65), ink, 1.5) + arrow(X(6), Y(9.65), X(6), Y(0), ink, 1.5)
  body += text(X(6.3), Y(4.8), 'z̄ = 9.65 m', { size: 18, weight: 600 })
  body += svgPath(`M${X(-1.6)} ${Y(-0.3)} A ${2.2 * 36} ${1.0 * 36} 0 0 0 ${X(1.6)} ${Y(-0.3)}`, red, 3, 'none', 'marker-end="url(#arrow-red)"')
  body += text(X(0), Y(-1.1) + 10, 'M = 603 kN·m', { size: 20, anchor: 'middle', weight: 700, fill: red })
  body += text(W - 30, 50, 'q = 1,225 Pa, cf = 0.8, A = 63.75 m²', { size: 18, anchor: 'end' })
  body += text(W - 30, 78, 'Leg forces: W/4 ± M/(2r) = 542 ± 100.5 kN (full)', { size: 18, anchor: 'end' })
  write('wind-load-silo', 'wind-loads.svg', svg(W, H + 20, 'Resultant wind force and overturning moment', body))
}

function siloMesh() {
  const W = 960
  const H = 640
  const x0 = 480
  const ground = 600
  const s = 36
  const X = (m: number) => x0 + m * s
  const Y = (m: number) => ground - m * s
  let body = text(W / 2, 36, 'Finite element model: 48,000 shell elements, beam legs and bracing', { size: 20, anchor: 'middle', weight: 600 })
  // cylinder rows: finer near the ring beam (y = 6)
  const rows: number[] = []
  for (let y = 6; y < 14.5; ) {
    rows.push(y)
    y += y < 7.5 ? 0.25 : 0.6
  }
  rows.push(14.5)
  for (const y of rows) body += line(X(-3), Y(y), X(3), Y(y), palette[0], 0.8)
  // meridians projected: x = 3 sin(theta)
  for (let k = 0; k <= 24; k++) {
    const xm = 3 * Math.sin(-Math.PI / 2 + (k * Math.PI) / 24)
    body += line(X(xm), Y(6), X(xm), Y(14.5), palette[0], 0.8)
    body += line(X(xm), Y(6), X(xm * (0.25 / 3)), Y(3), palette[0], 0.6)
    body += line(X(xm), Y(14.5), X(0), Y(15.5), palette[0], 0.6)
  }
  for (let y = 3; y < 6; y += 0.3) {
    const r = 0.25 + ((y - 3) / 3) * 2.75
    body += line(X(-r), Y(y), X(r), Y(y), palette[0], 0.8)
  }
  body += `<rect x="${X(-3.15)}" y="${Y(6.15)}" width="${6.3 * s}" height="${0.3 * s}" fill="${palette[1]}" opacity="0.85"/>`
  for (const xl of [-2.4, -0.9, 0.9, 2.4]) body += line(X(xl), Y(0), X(xl), Y(6), palette[2], 5) + `<circle cx="${X(xl)}" cy="${Y(0)}" r="6" fill="${ink}"/>`
  body += line(X(-2.4), Y(0.5), X(-0.9), Y(5.5), palette[2], 2) + line(X(0.9), Y(0.5), X(2.4), Y(5.5), palette[2], 2)
  body += line(X(-5), Y(0), X(5), Y(0), ink, 2)
  body += text(X(3.6), Y(6), 'Ring beam: 50 mm elements', { size: 16, fill: palette[1], weight: 600 })
  body += text(X(3.6), Y(11), 'Cylinder shell: up to 150 mm', { size: 16, fill: palette[0] })
  body += text(X(3.6), Y(2.4), 'Legs and bracing: beams', { size: 16, fill: palette[2] })
  body += text(X(3.6), Y(1.6), 'Pinned bases', { size: 16 })
  write('wind-load-silo', 'fe-mesh.svg', svg(W, H, 'Finite element mesh of the silo', body))
}

function siloStress() {
  write(
    'wind-load-silo',
    'shell-stress.svg',
    barChart({
      width: 960,
      height: 540,
      title: 'Peak von Mises stress in the shell by load case',
      categories: ['LC1 full, no wind', 'LC2 full, square', 'LC3 full, diagonal', 'LC4 empty, diagonal'],
      series: [{ name: 'Peak stress', values: [131, 162, 186, 48] }],
      yMax: 400,
      yTicks: [0, 100, 200, 300, 400],
      yLabel: 'Stress (MPa)',
      xLabel: 'Load case',
      format: (v) => `${v} MPa`,
      extra: (a) => line(a.x(0), a.y(355), a.x(4), a.y(355), red, 2.5, 'stroke-dasharray="10 6"') + text(a.x(4) - 8, a.y(355) - 10, 'Yield, S355: 355 MPa', { size: 16, anchor: 'end', fill: red, weight: 600 }),
    }),
  )
}

function siloLegs() {
  write(
    'wind-load-silo',
    'leg-forces.svg',
    barChart({
      width: 960,
      height: 540,
      title: 'Leg axial force with a diagonal 100 mph wind (compression positive)',
      categories: ['Full silo (221 t)', 'Empty silo (16 t)'],
      series: [
        { name: 'Windward leg', values: [441.5, -61.3] },
        { name: 'Leeward leg', values: [642.5, 139.7] },
      ],
      yMin: -200,
      yMax: 800,
      yTicks: [-200, 0, 200, 400, 600, 800],
      yLabel: 'Axial force (kN)',
      xLabel: 'Negative = tension: the empty silo lifts its windward leg',
      format: (v) => `${v.toFixed(1)} kN`,
      extra: (a) => line(a.x(0), a.y(0), a.x(2), a.y(0), ink, 2),
    }),
  )
}

// ---------------------------------------------------------------- thermal retention
function thermalChamber() {
  const W = 960
  const H = 480
  let body = arrowDefs + text(W / 2, 30, 'Secondary combustion chamber, longitudinal section', { size: 20, anchor: 'middle', weight: 600 })
  const x0 = 140
  const x1 = 820
  const yt = 110
  const yb = 350
  body += `<rect x="${x0 - 24}" y="${yt - 24}" width="${x1 - x0 + 48}" height="${yb - yt + 48}" rx="30" fill="#c9b8a6"/>`
  body += `<rect x="${x0}" y="${yt}" width="${x1 - x0}" height="${yb - yt}" rx="14" fill="#fff3e6" stroke="${ink}" stroke-width="2"/>`
  // throat (inlet) lower left, stack upper right
  body += `<rect x="${x0 - 60}" y="${yb - 70}" width="84" height="50" fill="#fff3e6" stroke="${ink}"/>`
  body += `<rect x="${x1 - 100}" y="${yt - 70}" width="60" height="94" fill="#fff3e6" stroke="${ink}"/>`
  // baffle
  const xb = x0 + (1.2 / 4.5) * (x1 - x0)
  body += `<rect x="${xb}" y="${yt + 70}" width="22" height="${yb - yt - 70}" fill="#a0522d"/>`
  // flow path
  body += svgPath(`M${x0 - 50} ${yb - 45} C ${xb - 80} ${yb - 45}, ${xb - 60} ${yt + 30}, ${xb + 11} ${yt + 40} S ${x1 - 200} ${yb - 40}, ${x1 - 70} ${yt - 50}`, red, 4, 'none', 'marker-end="url(#arrow-red)"')
  // burner
  body += `<rect x="${x1 + 24}" y="${(yt + yb) / 2 - 18}" width="60" height="36" fill="${steel}" stroke="${ink}"/>` + text(x1 + 54, (yt + yb) / 2 + 50, 'Support burner', { size: 15, anchor: 'middle' })
  body += text(x0 - 60, yb + 68, 'Throat: 1 kg/s at 925 °C from the primary chamber', { size: 15 })
  body += text(x1 - 110, yt - 50, 'To stack', { size: 16, anchor: 'end' })
  body += text(xb + 11, yb + 46, 'Baffle wall (added)', { size: 16, anchor: 'middle', fill: '#a0522d', weight: 600 })
  body += arrow(x0, yb + 90, x1, yb + 90, ink, 1.5) + arrow(x1, yb + 90, x0, yb + 90, ink, 1.5) + text((x0 + x1) / 2, yb + 112, '4.5 m', { size: 16, anchor: 'middle' })
  body += text(x1 - 140, (yt + yb) / 2 + 60, 'Ø 1.6 m bore, 9.05 m³', { size: 16, anchor: 'middle' })
  body += text(x0 + 240, yb - 14, 'Lining: 200 mm dense refractory + 100 mm insulating board', { size: 14 })
  write('thermal-retention-study', 'chamber-section.svg', svg(W, H + 20, 'Secondary combustion chamber section', body))
}

/** Monotone piecewise-linear CDF through anchor points, densified. */
function cdf(anchors: [number, number][]) {
  return anchors
}

function thermalCdf() {
  const a = axes({ width: 960, height: 540, xMin: 1, xMax: 5, yMin: 0, yMax: 100, xTicks: [1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5], yTicks: [0, 20, 40, 60, 80, 100], xFormat: (v) => `${v} s`, yFormat: (v) => `${v} %`, xLabel: 'Time above 850 °C', yLabel: 'Particles with less time (%)', title: 'Residence time above 850 °C, 20,000 particles' })
  const original = cdf([[1.58, 0], [1.64, 1], [1.8, 4], [2.0, 12], [2.2, 28], [2.4, 47], [2.6, 63], [2.9, 79], [3.3, 90], [4.0, 97], [5.0, 99.5]])
  const modified = cdf([[2.12, 0], [2.19, 1], [2.3, 7], [2.45, 24], [2.6, 46], [2.75, 68], [2.95, 85], [3.3, 96], [3.8, 99.5], [4.2, 100]])
  let body = a.body
  body += `<rect x="${a.x(1)}" y="${a.y(100)}" width="${a.x(2) - a.x(1)}" height="${a.y(0) - a.y(100)}" fill="${red}" opacity="0.07"/>`
  body += line(a.x(2), a.y(0), a.x(2), a.y(100), red, 2.5, 'stroke-dasharray="10 6"') + text(a.x(2) - 8, a.y(92), 'Limit: 2 s', { size: 16, anchor: 'end', fill: red, weight: 600 })
  body += svgPath(polyline(original.map(([t, p]) => [a.x(t), a.y(p)])), palette[1], 4)
  body += svgPath(polyline(modified.map(([t, p]) => [a.x(t), a.y(p)])), palette[2], 4)
  body += `<circle cx="${a.x(2)}" cy="${a.y(12)}" r="6" fill="${palette[1]}"/>` + text(a.x(2) + 12, a.y(12) + 6, '12 % below 2 s', { size: 16, fill: palette[1], weight: 600 })
  body += line(a.x(3.5), a.y(30), a.x(3.75), a.y(30), palette[1], 4) + text(a.x(3.8), a.y(30) + 6, 'Original (min 1.58 s)', { size: 16, fill: palette[1], weight: 600 })
  body += line(a.x(3.5), a.y(18), a.x(3.75), a.y(18), palette[2], 4) + text(a.x(3.8), a.y(18) + 6, 'Baffle + insulation (min 2.12 s)', { size: 16, fill: palette[2], weight: 600 })
  write('thermal-retention-study', 'residence-times.svg', svg(960, 540, 'Distribution of time above 850 °C', body))
}

// ---------------------------------------------------------------- sliotar
function sliotarMagnus() {
  const W = 960
  const H = 540
  const cx = 480
  const cy = 290
  const r = 90
  let body = arrowDefs + text(W / 2, 40, 'Magnus effect: backspin deflects the wake down and lifts the ball', { size: 20, anchor: 'middle', weight: 600 })
  for (const [dy, k] of [[-170, 0.15], [-125, 0.35], [125, 0.25], [170, 0.1]] as const) {
    const y = cy + dy
    const bend = dy < 0 ? -k * 90 : -k * 70
    body += svgPath(`M 60 ${y} C ${cx - 200} ${y}, ${cx - 120} ${y + bend}, ${cx} ${y + bend} S ${cx + 260} ${y + 40 * k * 2}, ${W - 60} ${y + 70 * k * 2}`, palette[0], 2.5, 'none', 'marker-end="url(#arrow)"')
  }
  body += `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#f3e6cf" stroke="${ink}" stroke-width="3"/>`
  body += svgPath(`M ${cx - r} ${cy} C ${cx - 40} ${cy - 30}, ${cx + 40} ${cy + 30}, ${cx + r} ${cy}`, '#7a4a1e', 5)
  // spin arrow (backspin for motion to the right = anticlockwise on screen)
  body += svgPath(`M ${cx - 60} ${cy - 120} A 125 125 0 0 1 ${cx + 60} ${cy - 120}`, ink, 3, 'none', 'marker-end="url(#arrow)"')
  body += text(cx, cy - 142, 'Backspin ω', { size: 16, anchor: 'middle', weight: 600 })
  body += arrow(cx, cy, cx, cy - 80, red, 5) + text(cx + 14, cy - 40, 'F_L', { size: 20, weight: 700, fill: red })
  body += arrow(cx, cy, cx + 80, cy, ink, 4) + text(cx + 60, cy + 26, 'F_D', { size: 18, weight: 700 })
  body += text(80, cy - 200, 'Faster flow over the top, later separation', { size: 16 })
  body += text(80, cy + 225, 'Slower flow underneath, earlier separation', { size: 16 })
  body += arrow(500, 515, 600, 515, ink, 3) + text(610, 521, 'Airflow relative to the ball, 35 m/s', { size: 16 })
  body += text(W - 60, cy + 110, 'Wake deflected down', { size: 16, anchor: 'end' })
  write('sliotar-cfd', 'magnus-effect.svg', svg(W, H, 'Magnus effect on a sliotar with backspin', body))
}

function sliotarSeams() {
  const W = 960
  const H = 400
  let body = text(W / 2, 36, 'Seam heights modelled on a 70 mm ball (section, to scale ×4)', { size: 20, anchor: 'middle', weight: 600 })
  ;[2, 3, 4].forEach((h, i) => {
    const cx = 170 + i * 310
    const base = 300
    const R = 4 * 35 // 35 mm radius at x4
    body += svgPath(`M ${cx - 120} ${base + 40} A ${R} ${R} 0 0 1 ${cx + 120} ${base + 40}`, ink, 3, '#f3e6cf')
    const topY = base + 40 - (R - Math.sqrt(R * R - 0)) - (R - Math.sqrt(R * R - 120 * 120))
    const crown = base + 40 - (R - Math.sqrt(R * R - 120 * 120)) - 0
    void topY
    const yc = crown - (R - (R - Math.sqrt(R * R - 120 * 120))) + (R - Math.sqrt(R * R - 120 * 120))
    void yc
    const crownY = base + 40 - (R - Math.sqrt(R * R - 120 * 120)) * 0 - Math.sqrt(R * R - 0) + Math.sqrt(R * R - 120 * 120)
    const hh = h * 4 * 3
    body += svgPath(`M ${cx - 14} ${crownY} Q ${cx} ${crownY - hh * 1.6} ${cx + 14} ${crownY}`, '#7a4a1e', 3, '#c9995e')
    body += text(cx, crownY - hh * 1.6 - 14, `${h} mm seam`, { size: 18, anchor: 'middle', weight: 700, fill: h === 3 ? palette[2] : ink })
    body += text(cx, base + 80, h === 3 ? 'Best: lowest drag, most lift' : h === 2 ? 'Too low to trip transition' : 'Sheds its own vortices', { size: 15, anchor: 'middle' })
  })
  write('sliotar-cfd', 'seam-profiles.svg', svg(W, H, 'Seam profiles of 2, 3 and 4 mm', body))
}

function sliotarCoefficients() {
  write(
    'sliotar-cfd',
    'seam-coefficients.svg',
    barChart({
      width: 960,
      height: 540,
      title: 'Time-averaged coefficients at 35 m/s, spin ratio 0.25',
      categories: ['2 mm seam', '3 mm seam', '4 mm seam'],
      series: [
        { name: 'Drag C_D', values: [0.46, 0.33, 0.38] },
        { name: 'Lift C_L', values: [0.21, 0.24, 0.22] },
      ],
      yMax: 0.6,
      yTicks: [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6],
      yFormat: fmt(1),
      yLabel: 'Coefficient',
      xLabel: 'Seam height',
      format: fmt(2),
    }),
  )
}

/** The same flight model as the study: gravity, drag and Magnus lift with constant coefficients. */
export function flight(cd: number, cl: number) {
  const m = 0.115
  const A = Math.PI * 0.035 ** 2
  const rho = 1.225
  const g = 9.81
  let x = 0
  let y = 1
  let vx = 35 * Math.cos((12 * Math.PI) / 180)
  let vy = 35 * Math.sin((12 * Math.PI) / 180)
  const dt = 1e-3
  const pts: [number, number][] = [[x, y]]
  let step = 0
  while (y >= 0) {
    const v = Math.hypot(vx, vy)
    const k = (0.5 * rho * A * v) / m
    vx += -k * (cd * vx + cl * vy) * dt
    vy += (-g + k * (cl * vx - cd * vy)) * dt
    x += vx * dt
    y += vy * dt
    if (++step % 20 === 0) pts.push([x, Math.max(y, 0)])
  }
  pts.push([x, 0])
  return { pts, carry: x }
}

function sliotarTrajectories() {
  const a = axes({ width: 960, height: 480, xMin: 0, xMax: 70, yMin: 0, yMax: 7, xTicks: [0, 10, 20, 30, 40, 50, 60, 70], yTicks: [0, 1, 2, 3, 4, 5, 6, 7], xFormat: (v) => `${v}`, xLabel: 'Distance (m)', yLabel: 'Height (m)', title: 'Predicted flight: 35 m/s at 12°, 40 rev/s backspin' })
  let body = a.body
  const cases: [string, number, number, string][] = [
    ['2 mm', 0.46, 0.21, palette[1]],
    ['3 mm', 0.33, 0.24, palette[2]],
    ['4 mm', 0.38, 0.22, palette[0]],
  ]
  for (const [name, cd, cl, colour] of cases) {
    const f = flight(cd, cl)
    body += svgPath(polyline(f.pts.map(([x, y]) => [a.x(x), a.y(y)])), colour, 3.5)
    const row = cases.findIndex((c) => c[0] === name)
    body += line(a.x(40), a.y(6.6 - row * 0.45), a.x(44), a.y(6.6 - row * 0.45), colour, 4) + text(a.x(45), a.y(6.6 - row * 0.45) + 6, `${name} seam: carry ${f.carry.toFixed(1)} m`, { size: 16, weight: 700, fill: colour })
  }
  write('sliotar-cfd', 'trajectories.svg', svg(960, 480, 'Predicted flight paths for three seam heights', body))
}

// ---------------------------------------------------------------- CAD studies
/** A hand-drawn look: each straight segment gets a little wobble. */
function wobbly(points: [number, number][], seed = 1) {
  let s = seed
  const rnd = () => ((s = (s * 9301 + 49297) % 233280) / 233280 - 0.5) * 6
  let d = `M${points[0][0]} ${points[0][1]}`
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1]
    const [x1, y1] = points[i]
    d += ` Q${((x0 + x1) / 2 + rnd()).toFixed(1)} ${((y0 + y1) / 2 + rnd()).toFixed(1)} ${(x1 + rnd() / 3).toFixed(1)} ${(y1 + rnd() / 3).toFixed(1)}`
  }
  return d
}

function napkin() {
  const W = 960
  const H = 600
  const pen = '#23407a'
  const hand = `font-family="'Comic Sans MS', 'Segoe Print', cursive"`
  const note = (x: number, y: number, s: string, size = 22) => `<text x="${x}" y="${y}" ${hand} font-size="${size}" fill="${pen}">${s}</text>`
  let body = `<rect x="60" y="40" width="840" height="520" fill="#fffdf6" stroke="#e4dccb" stroke-width="2"/>`
  for (let i = 0; i < 8; i++) body += line(60, 80 + i * 65, 900, 80 + i * 65, '#f1eadb', 1)
  // L bracket in rough isometric
  body += svgPath(wobbly([[250, 420], [560, 420], [680, 350], [370, 350], [250, 420]], 3), pen, 3)
  body += svgPath(wobbly([[370, 350], [370, 150], [680, 150], [680, 350]], 7), pen, 3)
  body += svgPath(wobbly([[250, 420], [250, 400], [560, 400], [560, 420]], 11), pen, 2)
  for (const [x, y] of [[340, 395], [470, 395]]) body += `<ellipse cx="${x}" cy="${y}" rx="20" ry="9" fill="none" stroke="${pen}" stroke-width="2.5"/>`
  for (const x of [450, 580]) body += svgPath(wobbly([[x, 190], [x, 260]], x), pen, 2.5) + svgPath(wobbly([[x + 18, 190], [x + 18, 260]], x + 1), pen, 2.5)
  body += svgPath(wobbly([[340, 460], [470, 460]], 5), pen, 2) + note(370, 490, '55?')
  body += note(720, 250, '~ 80 high')
  body += note(600, 120, 'slots for sensor')
  body += note(120, 380, 'M8')
  body += note(560, 470, 'about 5 thick')
  body += note(640, 530, 'stainless? ask Dave', 20)
  body += `<circle cx="820" cy="110" r="38" fill="none" stroke="#d9c7a5" stroke-width="6" opacity="0.7"/>`
  write('sketch-to-drawing', 'napkin-sketch.svg', svg(W, H, 'Napkin sketch of the bracket', body))
}

function bracketDrawing() {
  const W = 960
  const H = 640
  const s = 3 // px per mm
  let body = arrowDefs + `<rect x="20" y="20" width="920" height="600" fill="#fff" stroke="${ink}" stroke-width="2"/>`
  // front view (base plate seen from above): 100 x 60, holes on 60 pitch
  const fx = 100
  const fy = 120
  body += `<rect x="${fx}" y="${fy}" width="${100 * s}" height="${60 * s}" fill="none" stroke="${ink}" stroke-width="2.5"/>`
  for (const hx of [20, 80]) body += `<circle cx="${fx + hx * s}" cy="${fy + 30 * s}" r="${4.25 * s}" fill="none" stroke="${ink}" stroke-width="2"/>` + line(fx + hx * s - 18, fy + 30 * s, fx + hx * s + 18, fy + 30 * s, ink, 0.8, 'stroke-dasharray="6 3 2 3"') + line(fx + hx * s, fy + 30 * s - 18, fx + hx * s, fy + 30 * s + 18, ink, 0.8, 'stroke-dasharray="6 3 2 3"')
  const dimY = fy + 60 * s + 40
  body += line(fx + 20 * s, fy + 60 * s + 6, fx + 20 * s, dimY + 6, ink, 1) + line(fx + 80 * s, fy + 60 * s + 6, fx + 80 * s, dimY + 6, ink, 1)
  body += arrow(fx + 50 * s, dimY, fx + 20 * s, dimY, ink, 1.2) + arrow(fx + 50 * s, dimY, fx + 80 * s, dimY, ink, 1.2) + text(fx + 50 * s, dimY - 8, '60 ±0.2', { size: 16, anchor: 'middle', weight: 600 })
  body += text(fx + 80 * s + 20, fy + 30 * s - 20, '2× Ø8.5 THRU', { size: 15 })
  body += arrow(fx, fy - 30, fx + 100 * s, fy - 30, ink, 1.2) + arrow(fx + 100 * s, fy - 30, fx, fy - 30, ink, 1.2) + text(fx + 50 * s, fy - 38, '100', { size: 16, anchor: 'middle' })
  body += arrow(fx - 30, fy, fx - 30, fy + 60 * s, ink, 1.2) + arrow(fx - 30, fy + 60 * s, fx - 30, fy, ink, 1.2) + text(fx - 38, fy + 30 * s, '60', { size: 16, anchor: 'middle', rotate: -90 })
  body += text(fx + 50 * s, fy + 60 * s + 90, 'PLAN ON BASE', { size: 15, anchor: 'middle', weight: 600 })
  // side view: L shape, upright 80 high, base 60 deep, t = 5, R5
  const sx = 560
  const sy = 120
  const t = 5 * s
  const up = 80 * s
  const base = 60 * s
  body += svgPath(`M${sx} ${sy} L${sx + t} ${sy} L${sx + t} ${sy + up - t - 5 * s} A ${5 * s} ${5 * s} 0 0 0 ${sx + t + 5 * s} ${sy + up - t} L${sx + base} ${sy + up - t} L${sx + base} ${sy + up} L${sx + 10 * s} ${sy + up} A ${10 * s} ${10 * s} 0 0 1 ${sx} ${sy + up - 10 * s} Z`, ink, 2.5)
  body += arrow(sx - 30, sy, sx - 30, sy + up, ink, 1.2) + arrow(sx - 30, sy + up, sx - 30, sy, ink, 1.2) + text(sx - 38, sy + up / 2, '80', { size: 16, anchor: 'middle', rotate: -90 })
  body += arrow(sx, sy + up + 30, sx + base, sy + up + 30, ink, 1.2) + arrow(sx + base, sy + up + 30, sx, sy + up + 30, ink, 1.2) + text(sx + base / 2, sy + up + 22, '60', { size: 16, anchor: 'middle' })
  body += text(sx + base + 14, sy + up - 30, 'R5 INSIDE', { size: 15 }) + text(sx + 24, sy + 30, 't = 5', { size: 15 })
  // slots on upright: seen as hidden lines
  for (const yy of [20, 48.5]) body += line(sx, sy + yy * s, sx + t, sy + yy * s, ink, 1, 'stroke-dasharray="5 4"')
  body += text(sx + 24, sy + 40 * s, '2× SLOT 8.5 × 28.5', { size: 15 })
  body += text(sx + base / 2, sy + up + 90, 'SIDE VIEW', { size: 15, anchor: 'middle', weight: 600 })
  // title block
  const tb = 470
  body += `<rect x="500" y="${tb}" width="440" height="150" fill="none" stroke="${ink}" stroke-width="2"/>`
  body += line(500, tb + 40, 940, tb + 40, ink, 1) + line(500, tb + 80, 940, tb + 80, ink, 1) + line(500, tb + 115, 940, tb + 115, ink, 1) + line(720, tb + 40, 720, tb + 150, ink, 1)
  body += text(510, tb + 28, 'SENSOR BRACKET  ·  Meshwork Engineering', { size: 17, weight: 700 })
  body += text(510, tb + 66, 'MATERIAL 1.4301, 5 mm', { size: 14 }) + text(730, tb + 66, 'QTY 24', { size: 14 })
  body += text(510, tb + 104, 'TOLERANCES ISO 2768-m', { size: 14 }) + text(730, tb + 104, 'FIRST ANGLE PROJECTION', { size: 14 })
  body += text(510, tb + 138, 'BS 8888  ·  DIMS IN mm', { size: 14 }) + text(730, tb + 138, 'REV A  ·  SCALE 1:1', { size: 14 })
  write('sketch-to-drawing', 'bracket-drawing.svg', svg(W, H, 'Issued drawing of the sensor bracket', body))
}

/** GD&T symbols drawn as shapes, so they do not depend on the reader's fonts. */
function gdtSymbol(kind: string, cx: number, cy: number): string {
  switch (kind) {
    case 'position':
      return `<circle cx="${cx}" cy="${cy}" r="8" fill="none" stroke="${ink}" stroke-width="1.8"/>` + line(cx - 12, cy, cx + 12, cy, ink, 1.8) + line(cx, cy - 12, cx, cy + 12, ink, 1.8)
    case 'profile':
      return svgPath(`M${cx - 11} ${cy + 6} A 11 11 0 0 1 ${cx + 11} ${cy + 6} Z`, ink, 1.8)
    case 'flatness':
      return svgPath(`M${cx - 11} ${cy + 6} L${cx - 5} ${cy - 6} L${cx + 11} ${cy - 6} L${cx + 5} ${cy + 6} Z`, ink, 1.8)
    default:
      return ''
  }
}

/** A feature control frame; "@position" etc. draw the symbol, a trailing " (M)" draws the MMC modifier. */
function fcf(x: number, y: number, cells: string[]) {
  const widths = cells.map((c) => (c.startsWith('@') ? 34 : Math.max(34, c.length * 11 + 16)))
  let out = ''
  let cx = x
  cells.forEach((c, i) => {
    out += `<rect x="${cx}" y="${y}" width="${widths[i]}" height="32" fill="#fff" stroke="${ink}" stroke-width="1.5"/>`
    if (c.startsWith('@')) out += gdtSymbol(c.slice(1), cx + widths[i] / 2, y + 16)
    else if (c.endsWith(' (M)')) {
      const label = c.slice(0, -4)
      out += text(cx + 8, y + 22, label, { size: 16, weight: 600 })
      const mx = cx + widths[i] - 20
      out += `<circle cx="${mx}" cy="${y + 16}" r="9" fill="none" stroke="${ink}" stroke-width="1.4"/>` + text(mx, y + 21, 'M', { size: 12, anchor: 'middle', weight: 700 })
    } else out += text(cx + widths[i] / 2, y + 22, c, { size: 16, anchor: 'middle', weight: 600 })
    cx += widths[i]
  })
  return out
}

function datum(x: number, y: number, letter: string) {
  return `<rect x="${x}" y="${y}" width="30" height="30" fill="#fff" stroke="${ink}" stroke-width="1.5"/>` + text(x + 15, y + 21, letter, { size: 17, anchor: 'middle', weight: 700 }) + svgPath(`M${x + 15} ${y + 30} L${x + 15} ${y + 50} l-8 12 h16 z`, ink, 1.5, ink)
}

function controlDrawing() {
  const W = 960
  const H = 640
  let body = arrowDefs + `<rect x="20" y="20" width="920" height="600" fill="#fff" stroke="${ink}" stroke-width="2"/>`
  body += text(480, 58, 'BRACKET, SEAT RAIL  ·  ASME Y14.5  ·  6082-T6 ALUMINIUM', { size: 18, anchor: 'middle', weight: 700 })
  const px = 150
  const py = 140
  body += svgPath(`M${px} ${py} L${px + 520} ${py} L${px + 520} ${py + 180} Q ${px + 520} ${py + 300} ${px + 400} ${py + 300} L${px} ${py + 300} Z`, ink, 3, '#eef3f9')
  const holes: [number, number][] = [[px + 90, py + 80], [px + 330, py + 80], [px + 90, py + 230], [px + 330, py + 230]]
  for (const [x, y] of holes) body += `<circle cx="${x}" cy="${y}" r="18" fill="#fff" stroke="${ink}" stroke-width="2"/>`
  body += `<circle cx="${px + 450}" cy="${py + 90}" r="12" fill="#fff" stroke="${ink}" stroke-width="2"/>`
  body += text(px + 210, py + 160, '4× Ø8.4–8.6', { size: 16, anchor: 'middle', weight: 600 }) + fcf(px + 120, py + 172, ['@position', 'Ø0.14 (M)', 'A', 'B', 'C'])
  body += text(px + 450, py + 130, 'Ø6.000–6.012', { size: 15, anchor: 'middle' }) + datum(px + 435, py + 140, 'C')
  body += datum(px - 80, py + 120, 'B') + line(px - 50, py + 182, px, py + 182, ink, 1.5)
  body += fcf(px + 300, py + 320, ['@profile', '0.2', 'A', 'B', 'C']) + line(px + 470, py + 320, px + 480, py + 290, ink, 1.5)
  body += datum(px + 40, py + 330, 'A') + text(px + 80, py + 360, 'MOUNTING FACE (far side)', { size: 14 }) + fcf(px + 80, py + 375, ['@flatness', '0.05'])
  // basic dimensions
  const basic = (x: number, y: number, s: string) => `<rect x="${x - 26}" y="${y - 18}" width="52" height="26" fill="#fff" stroke="${ink}" stroke-width="1.2"/>` + text(x, y, s, { size: 15, anchor: 'middle' })
  body += arrow(px, py - 30, px + 90, py - 30, ink, 1) + arrow(px + 90, py - 30, px, py - 30, ink, 1) + basic(px + 45, py - 36, '30')
  body += arrow(px + 90, py - 30, px + 330, py - 30, ink, 1) + arrow(px + 330, py - 30, px + 90, py - 30, ink, 1) + basic(px + 210, py - 36, '80')
  // balloons
  const balloon = (x: number, y: number, n: number) => `<circle cx="${x}" cy="${y}" r="15" fill="#fff" stroke="${palette[0]}" stroke-width="2"/>` + text(x, y + 6, String(n), { size: 14, anchor: 'middle', weight: 700, fill: palette[0] })
  body += balloon(px + 110, py + 130, 14) + balloon(px + 490, py + 60, 21) + balloon(px + 560, py + 335, 37) + balloon(px + 20, py + 420, 3)
  body += text(800, 590, 'Balloon numbers tie the drawing to the CMM report', { size: 14, anchor: 'end', fill: palette[0] })
  write('detailed-drafting', 'control-drawing.svg', svg(W, H, 'Extract from an aerospace control drawing', body))
}

function cmmChart() {
  write(
    'detailed-drafting',
    'cmm-deviations.svg',
    barChart({
      width: 960,
      height: 540,
      title: 'First article: measured true position (diameter) against tolerance',
      categories: ['Hole 1', 'Hole 2', 'Hole 3', 'Hole 4', 'Dowel C'],
      series: [{ name: 'Measured', values: [0.032, 0.018, 0.046, 0.027, 0.021] }],
      yMax: 0.16,
      yTicks: [0, 0.04, 0.08, 0.12, 0.16],
      yFormat: fmt(2),
      yLabel: 'Position error Ø (mm)',
      xLabel: 'Feature (datum reference frame A | B | C)',
      format: fmt(3),
      extra: (a) => line(a.x(0), a.y(0.14), a.x(5), a.y(0.14), red, 2.5, 'stroke-dasharray="10 6"') + text(a.x(5) - 8, a.y(0.14) - 10, 'Tolerance Ø0.14 (bolt holes, at MMC)', { size: 16, anchor: 'end', fill: red, weight: 600 }),
    }),
  )
}

function nurseryVisualisation() {
  const W = 960
  const H = 600
  // isometric projection of metres
  const iso = (x: number, y: number, z: number): [number, number] => [500 + (x - y) * 18, 340 + (x + y) * 9 - z * 20]
  const poly = (pts: [number, number, number][], fill: string, stroke = ink) => svgPath(polyline(pts.map((p) => iso(...p))) + ' Z', stroke, 1.5, fill)
  let body = `<rect width="${W}" height="${H}" fill="#dbeaf7"/><rect y="190" width="${W}" height="${H - 190}" fill="#cfe3b8"/>`
  body += text(W / 2, 40, 'Nursery extension: 3D view from the garden', { size: 20, anchor: 'middle', weight: 600 })
  // Visible faces are those facing +x and +y (towards the viewer); drawn back to front.
  // existing brick house, behind and to the left
  body += poly([[-9, -10, 0], [-1, -10, 0], [-1, -2, 0], [-9, -2, 0]], '#9fb88a')
  body += poly([[-1, -10, 0], [-1, -2, 0], [-1, -2, 5], [-1, -10, 5]], '#b5533c')
  body += poly([[-9, -2, 0], [-1, -2, 0], [-1, -2, 5], [-9, -2, 5]], '#c9664d')
  body += poly([[-9, -2, 5], [-1, -2, 5], [-1, -6, 7.5], [-9, -6, 7.5]], '#6b4a3a')
  body += poly([[-1, -2, 5], [-1, -10, 5], [-1, -6, 7.5]], '#a94a34')
  for (const x0 of [-7.5, -4.5]) body += poly([[x0, -2, 2.8], [x0 + 1.4, -2, 2.8], [x0 + 1.4, -2, 4.2], [x0, -2, 4.2]], '#e8eef5')
  // extension: 11 m by 10 m, mono-pitch roof rising from 3.0 m (south) to 4.2 m (north)
  body += poly([[11, 0, 0], [11, 10, 0], [11, 10, 3.0], [11, 0, 4.2]], '#b88a55')
  body += poly([[0, 10, 0], [11, 10, 0], [11, 10, 3.0], [0, 10, 3.0]], '#c79a62')
  for (let x = 0.5; x < 11; x += 0.5) body += line(...iso(x, 10, 0), ...iso(x, 10, 3.0), '#a97f4d', 1)
  for (const x0 of [1, 4.4, 7.8]) body += poly([[x0, 10, 0.4], [x0 + 2.4, 10, 0.4], [x0 + 2.4, 10, 2.6], [x0, 10, 2.6]], '#8fc1e6')
  body += poly([[0, 0, 4.2], [11, 0, 4.2], [11, 10, 3.0], [0, 10, 3.0]], '#5d6b78')
  for (let x = 1; x < 11; x += 1) body += line(...iso(x, 0, 4.2), ...iso(x, 10, 3.0), '#4b5864', 1)
  // covered play area to the south
  body += poly([[0.5, 10.5, 0], [10.5, 10.5, 0], [10.5, 14, 0], [0.5, 14, 0]], '#e9d9a6')
  body += poly([[3, 11.5, 0], [4.4, 11.5, 0], [4.4, 12.8, 0], [3, 12.8, 0]], '#f2d16b')
  const ball = iso(8, 12.5, 0.4)
  body += `<circle cx="${ball[0]}" cy="${ball[1]}" r="10" fill="#e76f51"/>`
  for (const x of [0.5, 5.5, 10.5]) body += line(...iso(x, 14, 0), ...iso(x, 14, 2.5), ink, 2.5)
  body += poly([[0.5, 10, 2.7], [10.5, 10, 2.7], [10.5, 14, 2.5], [0.5, 14, 2.5]], 'rgba(255,255,255,0.55)')
  // trees
  for (const [tx, ty] of [[15, 4], [-4, 9]] as const) {
    const [bx, by] = iso(tx, ty, 0)
    body += line(bx, by, bx, by - 40, '#6b4a3a', 5) + `<circle cx="${bx}" cy="${by - 60}" r="30" fill="#5e9c4e"/>`
  }
  body += text(40, 588, 'Larch cladding · standing-seam roof · south-facing glazing · covered play area', { size: 16 })
  write('concept-communication', 'nursery-visualisation.svg', svg(W, H, 'Nursery extension in 3D', body))
}

function sunStudy() {
  const W = 960
  const H = 600
  const s = 18 // px per metre
  const ox = 300
  const oy = 180
  const P = (x: number, y: number): [number, number] => [ox + x * s, oy + y * s]
  let body = arrowDefs + text(W / 2, 40, 'Sun study, 21 June: shadow of the extension (plan)', { size: 20, anchor: 'middle', weight: 600 })
  // site boundary and neighbour
  body += `<rect x="${P(-8, -6)[0]}" y="${P(-8, -6)[1]}" width="${30 * s}" height="${22 * s}" fill="#e3efd6" stroke="${ink}" stroke-width="2" stroke-dasharray="10 6"/>`
  body += text(P(-7.5, -6.8)[0], P(-7.5, -6.8)[1], 'Nursery boundary', { size: 14 })
  body += `<rect x="${P(22.5, -6)[0]}" y="${P(22.5, -6)[1]}" width="${6 * s}" height="${22 * s}" fill="#f1efe6" stroke="${grid}"/>` + text(P(23, 5)[0], P(23, 5)[1], 'Neighbour', { size: 14, rotate: -90 })
  // shadows: building 11 x 10 at (0,0); sun azimuth/altitude at 10:00 (~115°, 51°), 13:00 (~190°, 62°), 16:00 (~250°, 44°)
  const shadows: [string, number, number, string][] = [
    ['10:00', 115, 51, 'rgba(31,111,178,0.25)'],
    ['13:00', 190, 62, 'rgba(46,157,91,0.25)'],
    ['16:00', 250, 44, 'rgba(224,123,34,0.25)'],
  ]
  const labels: [[number, number], string][] = []
  for (const [label, az, alt, fill] of shadows) {
    const len = 4.2 / Math.tan((alt * Math.PI) / 180)
    // shadow points away from the sun; plan x east, y south (screen down = south)
    const dx = -Math.sin((az * Math.PI) / 180) * len
    const dy = Math.cos((az * Math.PI) / 180) * len
    const corners: [number, number][] = [[0, 0], [11, 0], [11, 10], [0, 10]]
    const moved = corners.map(([x, y]) => [x + dx, y + dy] as [number, number])
    const hull = [...corners, ...moved]
    const cx = hull.reduce((a, p) => a + p[0], 0) / hull.length
    const cy = hull.reduce((a, p) => a + p[1], 0) / hull.length
    hull.sort((a, b) => Math.atan2(a[1] - cy, a[0] - cx) - Math.atan2(b[1] - cy, b[0] - cx))
    body += svgPath(polyline(hull.map(([x, y]) => P(x, y))) + ' Z', 'none', 0, fill)
    labels.push([P(5.5 + dx * 1.6, 5 + dy * 1.6), label])
  }
  body += `<rect x="${P(0, 0)[0]}" y="${P(0, 0)[1]}" width="${11 * s}" height="${10 * s}" fill="#8a97a5" stroke="${ink}" stroke-width="2"/>` + text(P(5.5, 5.3)[0], P(5.5, 5.3)[1], 'Extension', { size: 16, anchor: 'middle', fill: '#fff', weight: 700 })
  body += `<rect x="${P(1, 10)[0]}" y="${P(1, 10)[1]}" width="${9 * s}" height="${4 * s}" fill="none" stroke="${palette[1]}" stroke-width="2.5"/>` + text(P(5.5, 12.4)[0], P(5.5, 12.4)[1], 'Play area (south)', { size: 15, anchor: 'middle', fill: palette[1], weight: 600 })
  body += `<rect x="${P(-8, -6)[0]}" y="${P(-8, -6)[1] - 0}" width="${8 * s}" height="${5 * s}" fill="#b5533c"/>` + text(P(-4, -3.2)[0], P(-4, -3.2)[1], 'Existing house', { size: 14, anchor: 'middle', fill: '#fff' })
  for (const [[lx, ly], label] of labels) body += text(lx, ly, label, { size: 16, anchor: 'middle', weight: 700 })
  body += arrow(870, 170, 870, 110, ink, 2.5) + text(870, 98, 'N', { size: 20, anchor: 'middle', weight: 700 })
  body += text(40, 580, 'Shadows from the 4.2 m roof ridge; play area in sun 10:00–16:00; no shadow on the neighbour', { size: 15 })
  write('concept-communication', 'sun-study.svg', svg(W, H, 'Sun study for 21 June', body))
}

trailerProfiles()
trailerDrag()
trailerCost()
siloElevation()
siloJanssen()
siloCp()
siloWindLoads()
siloMesh()
siloStress()
siloLegs()
thermalChamber()
thermalCdf()
sliotarMagnus()
sliotarSeams()
sliotarCoefficients()
sliotarTrajectories()
napkin()
bracketDrawing()
controlDrawing()
cmmChart()
nurseryVisualisation()
sunStudy()
console.log('figures written to', outRoot)
