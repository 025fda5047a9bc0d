import { readVtkLegacy } from './read-vtk-legacy'
import { readVtkXml } from './read-vtk-xml'
import { readVtkjs } from './read-vtkjs'
import { ResultFormatError, type ResultMesh } from './result-mesh'

/** The result files read as one mesh, by their extension. */
export const resultMeshExtensions = ['vtu', 'vtp', 'vtk', 'vtkjs'] as const

/** A result file's mesh and fields, by its extension; a file of another kind is refused. */
export function readSimulationResult(extension: string, bytes: Uint8Array): ResultMesh {
  switch (extension.toLowerCase()) {
    case 'vtu':
    case 'vtp':
      return readVtkXml(bytes)
    case 'vtk':
      return readVtkLegacy(bytes)
    case 'vtkjs':
      return readVtkjs(bytes)
    default:
      throw new ResultFormatError(`.${extension} is not a simulation result this viewer opens`)
  }
}
