import type { ModelNode } from '../parsed-model'

/** How a part of the newer revision differs from the older one. */
export type PartChange = 'added' | 'removed' | 'changed' | 'unchanged'

/** A part as the comparison sees it: its name path from the model's root, and the meshes it holds itself. */
export interface PartPath {
  /** The names from the root to the part, "/" between them; siblings of the same name are told apart as "Bolt", "Bolt #2". */
  path: string
  name: string
  /** Indices into the model's meshes. */
  meshes: number[]
}

/** A part with the fingerprint of its geometry. */
export interface PrintedPart {
  path: string
  name: string
  print: string
}

export interface PartDiff {
  path: string
  name: string
  change: PartChange
}

export interface PartsDiff {
  parts: PartDiff[]
  counts: Record<PartChange, number>
  /** Whether the models were compared whole (a file of one part, such as an STL), not part by part. */
  whole: boolean
}

/** The path of a file compared whole: a model of one part, or one that names none. */
export const WHOLE_MODEL = ''

/**
 * The parts of a model by their name paths: every node of its structure that holds meshes itself is a
 * part (an assembly holding only sub-parts is not, so a changed bolt is not also a changed assembly).
 * Meshes no node names make one part, "Other". A model with no structure, or with one part only,
 * answers one part holding every mesh, at WHOLE_MODEL.
 */
export function partPaths(tree: ModelNode | null, meshCount: number): PartPath[] {
  const all = Array.from({ length: meshCount }, (_, i) => i)
  if (!tree) return [{ path: WHOLE_MODEL, name: 'Model', meshes: all }]
  const parts: PartPath[] = []
  const held = new Set<number>()
  const walk = (node: ModelNode, path: string) => {
    const own = node.meshes.filter((i) => i >= 0 && i < meshCount && !held.has(i))
    own.forEach((i) => held.add(i))
    if (own.length) parts.push({ path, name: node.name || 'Unnamed part', meshes: own })
    const seen = new Map<string, number>()
    for (const child of node.children) {
      const name = child.name || 'Unnamed part'
      const n = (seen.get(name) ?? 0) + 1
      seen.set(name, n)
      walk(child, `${path}/${n === 1 ? name : `${name} #${n}`}`)
    }
  }
  walk(tree, tree.name || 'Model')
  const loose = all.filter((i) => !held.has(i))
  if (loose.length) parts.push({ path: 'Other', name: 'Other', meshes: loose })
  return parts.length > 1 ? parts : [{ path: WHOLE_MODEL, name: 'Model', meshes: all }]
}

/** Both revisions' parts: part by part when each has several, else both whole (so an STL is compared with a one-part STEP whole). */
export function comparedPaths(older: { tree: ModelNode | null; meshCount: number }, newer: { tree: ModelNode | null; meshCount: number }): [PartPath[], PartPath[]] {
  const a = partPaths(older.tree, older.meshCount)
  const b = partPaths(newer.tree, newer.meshCount)
  const whole = (count: number): PartPath[] => [{ path: WHOLE_MODEL, name: 'Model', meshes: Array.from({ length: count }, (_, i) => i) }]
  return a[0]!.path === WHOLE_MODEL || b[0]!.path === WHOLE_MODEL ? [whole(older.meshCount), whole(newer.meshCount)] : [a, b]
}

/** The box around a model's positions, as [minX, minY, minZ, maxX, maxY, maxZ]; null with no positions. */
export function boxOf(positions: Iterable<ArrayLike<number>>): number[] | null {
  const box = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity]
  let any = false
  for (const p of positions)
    for (let i = 0; i + 2 < p.length; i += 3)
      for (let a = 0; a < 3; a++) {
        const v = p[i + a]!
        if (!Number.isFinite(v)) continue
        any = true
        if (v < box[a]!) box[a] = v
        if (v > box[a + 3]!) box[a + 3] = v
      }
  return any ? box : null
}

/**
 * The length below which two revisions' coordinates count as the same: a hundred-thousandth of the
 * diagonal of the box around both, and never finer than single-precision positions far from the origin hold.
 */
export function toleranceOf(box: number[] | null): number {
  if (!box) return 1e-6
  const diagonal = Math.hypot(box[3]! - box[0]!, box[4]! - box[1]!, box[5]! - box[2]!)
  const far = Math.max(...box.map(Math.abs))
  return Math.max(diagonal * 1e-5, far * 1e-6, 1e-9)
}

/** A 32-bit hash of a vertex's rounded coordinates. */
function vertexHash(x: number, y: number, z: number): number {
  let h = 0x811c9dc5
  for (const v of [x, y, z]) {
    // Rounded coordinates fit a double exactly; both 32-bit halves go into the hash.
    const low = v | 0
    const high = Math.floor(v / 4294967296) | 0
    h = Math.imul(h ^ low, 0x01000193)
    h = Math.imul(h ^ high, 0x01000193)
  }
  return h >>> 0
}

/**
 * A cheap fingerprint of a part's geometry (its meshes' positions in model coordinates): the vertex
 * count, the box rounded to `tolerance`, and a sum of the rounded vertices' hashes (the same whatever
 * order the file lists them in). Equal fingerprints mean the same geometry within the tolerance.
 */
export function geometryPrint(positions: Iterable<ArrayLike<number>>, tolerance: number): string {
  let count = 0
  let sum = 0
  const round = (v: number) => Math.round(v / tolerance) + 0
  const list = [...positions]
  for (const p of list)
    for (let i = 0; i + 2 < p.length; i += 3) {
      count++
      sum = (sum + vertexHash(round(p[i]!), round(p[i + 1]!), round(p[i + 2]!))) >>> 0
    }
  const box = boxOf(list)
  return `${count}|${box ? box.map(round).join(',') : '-'}|${sum.toString(16)}`
}

/**
 * The newer revision's parts against the older one's, matched by name path: only in the newer "added",
 * only in the older "removed", in both with different fingerprints "changed", else "unchanged". Parts
 * come in the newer revision's order, the removed ones after them. When either revision is one part
 * only, the two are compared whole.
 */
export function diffParts(older: readonly PrintedPart[], newer: readonly PrintedPart[]): PartsDiff {
  const counts: Record<PartChange, number> = { added: 0, removed: 0, changed: 0, unchanged: 0 }
  const whole = older.some((p) => p.path === WHOLE_MODEL) || newer.some((p) => p.path === WHOLE_MODEL)
  if (whole) {
    const print = (parts: readonly PrintedPart[]) => parts.map((p) => p.print).sort().join(';')
    const change: PartChange = print(older) === print(newer) ? 'unchanged' : 'changed'
    counts[change] = 1
    return { parts: [{ path: WHOLE_MODEL, name: 'Model', change }], counts, whole }
  }
  const before = new Map(older.map((p) => [p.path, p]))
  const after = new Set(newer.map((p) => p.path))
  const parts: PartDiff[] = []
  for (const part of newer) {
    const was = before.get(part.path)
    const change: PartChange = !was ? 'added' : was.print === part.print ? 'unchanged' : 'changed'
    counts[change]++
    parts.push({ path: part.path, name: part.name, change })
  }
  for (const part of older)
    if (!after.has(part.path)) {
      counts.removed++
      parts.push({ path: part.path, name: part.name, change: 'removed' })
    }
  return { parts, counts, whole }
}
