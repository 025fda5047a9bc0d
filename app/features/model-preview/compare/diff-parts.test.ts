import { describe, expect, it } from 'vitest'
import type { ModelNode } from '../parsed-model'
import { boxOf, comparedPaths, diffParts, geometryPrint, partPaths, toleranceOf, WHOLE_MODEL, type PrintedPart } from './diff-parts'

/** A box's triangle corners (as a file would list them), from `at` with sides `size`. */
function cube(at: [number, number, number], size = 10): Float32Array {
  const out: number[] = []
  for (let i = 0; i < 8; i++) out.push(at[0] + (i & 1) * size, at[1] + ((i >> 1) & 1) * size, at[2] + ((i >> 2) & 1) * size)
  return new Float32Array(out)
}

const node = (name: string, meshes: number[], children: ModelNode[] = []): ModelNode => ({ name, meshes, children })

describe('partPaths', () => {
  it('names each part holding meshes by its path, tells same-named siblings apart, and leaves out assemblies', () => {
    const tree = node('Frame', [], [node('Bolt', [0]), node('Bolt', [1]), node('Plate', [], [node('', [2])])])
    expect(partPaths(tree, 4)).toEqual([
      { path: 'Frame/Bolt', name: 'Bolt', meshes: [0] },
      { path: 'Frame/Bolt #2', name: 'Bolt', meshes: [1] },
      { path: 'Frame/Plate/Unnamed part', name: 'Unnamed part', meshes: [2] },
      { path: 'Other', name: 'Other', meshes: [3] },
    ])
  })

  it('answers the whole model for a file with no structure or one part only', () => {
    expect(partPaths(null, 2)).toEqual([{ path: WHOLE_MODEL, name: 'Model', meshes: [0, 1] }])
    expect(partPaths(node('Cube', [0]), 1)).toEqual([{ path: WHOLE_MODEL, name: 'Model', meshes: [0] }])
  })

  it('compares both whole when either revision is one part', () => {
    const [older, newer] = comparedPaths({ tree: null, meshCount: 1 }, { tree: node('A', [], [node('x', [0]), node('y', [1])]), meshCount: 2 })
    expect(older.map((p) => p.path)).toEqual([WHOLE_MODEL])
    expect(newer).toEqual([{ path: WHOLE_MODEL, name: 'Model', meshes: [0, 1] }])
  })
})

describe('geometryPrint', () => {
  const tolerance = toleranceOf(boxOf([cube([0, 0, 0], 100)]))

  it('is the same for the same vertices in another order, and for differences below the tolerance', () => {
    const a = cube([0, 0, 0])
    const reordered = new Float32Array([...a.slice(12), ...a.slice(0, 12)])
    const nudged = a.map((v) => v + tolerance / 10)
    expect(geometryPrint([reordered], tolerance)).toBe(geometryPrint([a], tolerance))
    expect(geometryPrint([nudged], tolerance)).toBe(geometryPrint([a], tolerance))
  })

  it('differs for a moved, resized or re-meshed part', () => {
    const a = geometryPrint([cube([0, 0, 0])], tolerance)
    expect(geometryPrint([cube([0, 0, 1])], tolerance)).not.toBe(a)
    expect(geometryPrint([cube([0, 0, 0], 11)], tolerance)).not.toBe(a)
    expect(geometryPrint([cube([0, 0, 0]), new Float32Array([5, 5, 5])], tolerance)).not.toBe(a)
    // The same box and count, one inner vertex moved.
    const inner = cube([0, 0, 0])
    const withPoint = new Float32Array([...inner, 5, 5, 5])
    const withOther = new Float32Array([...inner, 5, 5, 6])
    expect(geometryPrint([withPoint], tolerance)).not.toBe(geometryPrint([withOther], tolerance))
  })

  it('scales its tolerance with the models', () => {
    expect(toleranceOf([0, 0, 0, 3, 4, 0])).toBeCloseTo(5e-5)
    expect(toleranceOf([1e6, 0, 0, 1e6 + 1, 0, 0])).toBeCloseTo(1)
  })
})

describe('diffParts', () => {
  const part = (path: string, print: string): PrintedPart => ({ path, name: path.split('/').pop()!, print })

  it('matches parts by path: added, removed, changed and unchanged, with their counts', () => {
    const older = [part('A/Base', '1'), part('A/Bolt', '2'), part('A/Old cover', '3')]
    const newer = [part('A/Base', '1'), part('A/Bolt', '2b'), part('A/Bracket', '4')]
    const diff = diffParts(older, newer)
    expect(diff.whole).toBe(false)
    expect(diff.parts.map((p) => [p.path, p.change])).toEqual([
      ['A/Base', 'unchanged'],
      ['A/Bolt', 'changed'],
      ['A/Bracket', 'added'],
      ['A/Old cover', 'removed'],
    ])
    expect(diff.counts).toEqual({ added: 1, removed: 1, changed: 1, unchanged: 1 })
  })

  it('compares one-part files whole', () => {
    expect(diffParts([part(WHOLE_MODEL, 'x')], [part(WHOLE_MODEL, 'y')])).toEqual({ parts: [{ path: WHOLE_MODEL, name: 'Model', change: 'changed' }], counts: { added: 0, removed: 0, changed: 1, unchanged: 0 }, whole: true })
    expect(diffParts([part(WHOLE_MODEL, 'x')], [part(WHOLE_MODEL, 'x')]).counts.unchanged).toBe(1)
  })
})
