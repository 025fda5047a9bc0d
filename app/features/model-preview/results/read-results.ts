import * as THREE from 'three'
import type { ReferenceReader } from '../reference-reader'
import type { OpenedStep } from './results-protocol'
import { ResultsSession, surfaceMesh } from './results-session'

/** A result as the viewer shows it: the surface drawn, and the session the results panel works with. */
export interface LoadedResults {
  session: ResultsSession
  first: OpenedStep
  mesh: THREE.Mesh
}

/**
 * The viewer's reader for simulation results: a single .vtu, .vtp or .vtk file, or a .pvd series
 * whose steps are the files beside it (named as its references, so a series never becomes a
 * thumbnail). The worker reads the first step before the view is shown.
 */
export const readResults =
  (series: boolean) =>
  async (data: ArrayBuffer, fileName: string, references: ReferenceReader, signal: AbortSignal) => {
    const session = series ? ResultsSession.ofSeries(data, references) : ResultsSession.ofFile(fileName, data)
    const stop = () => session.dispose()
    signal.addEventListener('abort', stop, { once: true })
    try {
      const first = await session.open(0)
      const mesh = surfaceMesh(first)
      const object = new THREE.Group()
      object.add(mesh)
      const results: LoadedResults = { session, first, mesh }
      return { model: { object, meshes: [mesh], tree: null, results }, named: series ? session.steps.map((s) => s.file) : [] }
    } catch (error) {
      session.dispose()
      throw error
    }
  }
