import type { ResultMesh } from './result-mesh'

/**
 * Several meshes as one (a file's pieces, a scene's datasets): points, cells and connectivity one
 * after the other, each piece's point numbers moved past the pieces before it. A field is kept when
 * every piece has it (same name, place and components), joined in piece order.
 */
export function joinMeshes(parts: ResultMesh[]): ResultMesh {
  if (parts.length === 1) return parts[0]!
  let points = 0
  let cells = 0
  let links = 0
  for (const p of parts) {
    points += p.points.length
    cells += p.offsets.length
    links += p.connectivity.length
  }
  const out: ResultMesh = { points: new Float64Array(points), connectivity: new Uint32Array(links), offsets: new Uint32Array(cells), types: new Uint8Array(cells), fields: [] }
  let pAt = 0
  let cAt = 0
  let lAt = 0
  for (const p of parts) {
    out.points.set(p.points, pAt)
    for (let i = 0; i < p.connectivity.length; i++) out.connectivity[lAt + i] = p.connectivity[i]! + pAt / 3
    for (let i = 0; i < p.offsets.length; i++) out.offsets[cAt + i] = p.offsets[i]! + lAt
    out.types.set(p.types, cAt)
    pAt += p.points.length
    cAt += p.offsets.length
    lAt += p.connectivity.length
  }
  // A field is kept when every piece has it, joined in piece order.
  for (const field of parts[0]!.fields) {
    const all = parts.map((p) => p.fields.find((f) => f.name === field.name && f.location === field.location && f.components === field.components))
    if (all.some((f) => !f)) continue
    const values = new Float64Array(all.reduce((n, f) => n + f!.values.length, 0))
    let at = 0
    for (const f of all) {
      values.set(f!.values, at)
      at += f!.values.length
    }
    out.fields.push({ ...field, values })
  }
  return out
}
