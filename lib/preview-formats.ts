import { extensionOf } from './accepted-file-types'

/**
 * Which stored files the portal can show in its viewer, by extension: 3D models (B-rep CAD formats
 * through OpenCascade, BIM models (IFC) through web-ifc, meshes through three.js) and 2D drawings (DXF). Everything else, DWG among
 * them, is downloaded to be opened in a CAD program.
 */
export const modelExtensions = ['step', 'stp', 'iges', 'igs', 'brep', 'stl', 'obj', 'gltf', 'glb', '3mf', 'ply', 'ifc'] as const
export const drawingExtensions = ['dxf'] as const

export type PreviewKind = 'model' | 'drawing'

export function previewKindOf(fileName: string): PreviewKind | null {
  const ext = extensionOf(fileName)
  if ((modelExtensions as readonly string[]).includes(ext)) return 'model'
  if ((drawingExtensions as readonly string[]).includes(ext)) return 'drawing'
  return null
}

/** The units a model's numbers are in: B-rep and IFC files are read in millimetres, glTF is in metres by its definition, 3MF says its own (millimetres by default); STL, OBJ and PLY store none, and CAD exports them in millimetres. */
export function modelUnitsOf(fileName: string): { unit: 'mm' | 'm'; stored: boolean } {
  const ext = extensionOf(fileName)
  if (ext === 'gltf' || ext === 'glb') return { unit: 'm', stored: true }
  if (ext === 'stl' || ext === 'obj' || ext === 'ply') return { unit: 'mm', stored: false }
  return { unit: 'mm', stored: true }
}

export const NO_PREVIEW_MESSAGE = 'No preview for this file type: download it to open it in your CAD program.'

/** "10 × 10 × 10 mm", each size to at most 4 significant figures. */
export function formatModelSize(size: [number, number, number], unit: string): string {
  return `${size.map((v) => Number(v.toPrecision(4)).toString()).join(' × ')} ${unit}`
}
