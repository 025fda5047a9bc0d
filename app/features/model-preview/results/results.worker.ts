/// <reference lib="webworker" />
import { probe, rangeOf, surfaceColours, warpedPoints } from '../../../../lib/simulation-results/field-colours'
import { outerSurface, type OuterSurface } from '../../../../lib/simulation-results/outer-surface'
import { readSimulationResult } from '../../../../lib/simulation-results/read-simulation-result'
import { pointCount, cellCount, type ResultMesh } from '../../../../lib/simulation-results/result-mesh'
import type { FieldInfo, OpenedStep, Probed, ResultsAnswer, ResultsRequest } from './results-protocol'

/**
 * Simulation results off the page's thread: reads each step's file, finds its outer surface, and
 * keeps both, so colouring by a field, warping and probing answer from memory. The page gets plain
 * arrays, transferred without a copy.
 */
declare const self: DedicatedWorkerGlobalScope

const steps = new Map<number, { mesh: ResultMesh; surface: OuterSurface }>()

/** The surface's triangle corners at the given points (the mesh's own, or warped). */
function cornerPositions(surface: OuterSurface, points: ArrayLike<number>): Float32Array {
  const out = new Float32Array(surface.triangles.length * 3)
  for (let c = 0; c < surface.triangles.length; c++) {
    const p = surface.triangles[c]! * 3
    out[c * 3] = points[p]!
    out[c * 3 + 1] = points[p + 1]!
    out[c * 3 + 2] = points[p + 2]!
  }
  return out
}

function bounds(positions: Float32Array): Pick<OpenedStep, 'min' | 'max'> {
  const min: [number, number, number] = [Infinity, Infinity, Infinity]
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity]
  for (let i = 0; i < positions.length; i += 3) {
    for (let j = 0; j < 3; j++) {
      const v = positions[i + j]!
      if (v < min[j]!) min[j] = v
      if (v > max[j]!) max[j] = v
    }
  }
  return { min, max }
}

function open(step: number, extension: string, data: ArrayBuffer): OpenedStep {
  const mesh = readSimulationResult(extension, new Uint8Array(data))
  const surface = outerSurface(mesh)
  if (surface.triangles.length === 0) throw new Error('empty')
  steps.set(step, { mesh, surface })
  const positions = cornerPositions(surface, mesh.points)
  const fields: FieldInfo[] = mesh.fields.map((f) => ({
    name: f.name,
    location: f.location,
    components: f.components,
    magnitude: rangeOf(f),
    componentRanges: f.components > 1 ? Array.from({ length: f.components }, (_, k) => rangeOf(f, k)) : [],
  }))
  return { positions, ...bounds(positions), fields, points: pointCount(mesh), cells: cellCount(mesh) }
}

function opened(step: number) {
  const s = steps.get(step)
  if (!s) throw new Error('step not open')
  return s
}

function field(mesh: ResultMesh, name: string) {
  const f = mesh.fields.find((x) => x.name === name)
  if (!f) throw new Error('no such field')
  return f
}

function answer(request: ResultsRequest): OpenedStep | Float32Array | Probed {
  switch (request.kind) {
    case 'open':
      return open(request.step, request.extension, request.data)
    case 'colour': {
      const { mesh, surface } = opened(request.step)
      return surfaceColours(surface, field(mesh, request.field), request.range, request.component)
    }
    case 'warp': {
      const { mesh, surface } = opened(request.step)
      const points = request.field && request.factor !== 0 ? warpedPoints(mesh, field(mesh, request.field), request.factor) : mesh.points
      return cornerPositions(surface, points)
    }
    case 'probe': {
      const { mesh, surface } = opened(request.step)
      const value = probe(mesh, surface, request.triangle, request.weights, field(mesh, request.field), request.component)
      const at: [number, number, number] = [0, 0, 0]
      for (let k = 0; k < 3; k++) {
        const p = surface.triangles[request.triangle * 3 + k]! * 3
        for (let j = 0; j < 3; j++) at[j] += request.weights[k]! * mesh.points[p + j]!
      }
      return { value, at }
    }
  }
}

self.onmessage = (event: MessageEvent<ResultsRequest>) => {
  const { id } = event.data
  try {
    const value = answer(event.data)
    const transfer = value instanceof Float32Array ? [value.buffer] : 'positions' in value ? [value.positions.buffer] : []
    self.postMessage({ id, ok: true, value } satisfies ResultsAnswer, transfer as Transferable[])
  } catch (error) {
    self.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) } satisfies ResultsAnswer)
  }
}
