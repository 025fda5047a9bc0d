/** A model as the parsing worker hands it to the viewer: plain arrays, transferable without copying. */
export interface ParsedMesh {
  name: string
  positions: Float32Array
  normals: Float32Array | null
  index: Uint32Array | null
  /** Linear RGB, 0..1; null for the viewer's default. */
  color: [number, number, number] | null
  /** Shade each triangle flat from its own plane (faceted meshes such as STL), with no normals to send. */
  flat?: boolean
  /** The positions' bounding box, measured in the worker so the page need not walk them again. */
  min: [number, number, number]
  max: [number, number, number]
}

/** A node of the model's structure (a STEP assembly's parts and sub-assemblies). */
export interface ModelNode {
  name: string
  /** Indices into `meshes`. */
  meshes: number[]
  children: ModelNode[]
}

export interface ParsedModel {
  meshes: ParsedMesh[]
  tree: ModelNode | null
  /**
   * The distinct radii of the boundary representation's cylindrical faces and circular edges, in
   * millimetres, ascending: a STEP file's, read from its text. Absent for a format with none read.
   */
  brepRadii?: Float64Array
}

/** The registry's parsers that run in the model worker (the others need the page's DOM, or are the drawing viewer's). */
export const workerParsers = ['occt-step', 'occt-iges', 'occt-brep', 'web-ifc', 'three-stl', 'three-obj', 'three-ply'] as const
export type WorkerParser = (typeof workerParsers)[number]

export function isWorkerParser(parser: string): parser is WorkerParser {
  return (workerParsers as readonly string[]).includes(parser)
}

export type WorkerRequest = { id: number; fileName: string; parser: WorkerParser; data: ArrayBuffer; mtl: string | null; occtScript: string; occtWasm: string; ifcWasm: string }
export type WorkerAnswer = { id: number; ok: true; model: ParsedModel } | { id: number; ok: false; error: string }
