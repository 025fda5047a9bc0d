import type { FieldComponent, FieldRange } from '../../../../lib/simulation-results/field-colours'
import type { FieldLocation } from '../../../../lib/simulation-results/result-mesh'

/** A field as the results panel lists it: its range as a whole (a vector's magnitude) and per component. */
export interface FieldInfo {
  name: string
  location: FieldLocation
  components: number
  magnitude: FieldRange
  componentRanges: FieldRange[]
}

/** One step of a result, opened in the worker: its outer surface as triangles' corners, and its fields. */
export interface OpenedStep {
  /** x y z of each triangle corner, three corners a triangle. */
  positions: Float32Array
  min: [number, number, number]
  max: [number, number, number]
  fields: FieldInfo[]
  points: number
  cells: number
}

export interface Probed {
  value: number
  /** The probed point on the undeformed mesh. */
  at: [number, number, number]
}

export type ResultsRequest =
  | { id: number; kind: 'open'; step: number; extension: string; data: ArrayBuffer }
  | { id: number; kind: 'colour'; step: number; field: string; component: FieldComponent; range: FieldRange }
  | { id: number; kind: 'warp'; step: number; field: string | null; factor: number }
  | { id: number; kind: 'probe'; step: number; triangle: number; weights: [number, number, number]; field: string; component: FieldComponent }

export type ResultsAnswer = { id: number; ok: true; value: OpenedStep | Float32Array | Probed } | { id: number; ok: false; error: string }
