/// <reference lib="webworker" />
import type { ParsedModel, WorkerAnswer, WorkerRequest } from './parsed-model'

declare const self: DedicatedWorkerGlobalScope

/** Each mesh's bounding box, one pass over its positions here rather than on the page. */
function withBounds(model: ParsedModel): ParsedModel {
  for (const mesh of model.meshes) {
    const min: [number, number, number] = [Infinity, Infinity, Infinity]
    const max: [number, number, number] = [-Infinity, -Infinity, -Infinity]
    const p = mesh.positions
    for (let i = 0; i < p.length; i += 3) {
      for (let j = 0; j < 3; j++) {
        const v = p[i + j]!
        if (v < min[j]!) min[j] = v
        if (v > max[j]!) max[j] = v
      }
    }
    mesh.min = min
    mesh.max = max
  }
  return model
}

/**
 * In a model worker: answers each request with the model `parse` reads from it, its arrays
 * transferred to the page without a copy, or with the reason it could not.
 */
export function serveModels(parse: (request: WorkerRequest) => ParsedModel | Promise<ParsedModel>) {
  self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
    const { id } = event.data
    try {
      const model = withBounds(await parse(event.data))
      const transfer = model.meshes.flatMap((m) => [m.positions.buffer, ...(m.normals ? [m.normals.buffer] : []), ...(m.index ? [m.index.buffer] : [])])
      self.postMessage({ id, ok: true, model } satisfies WorkerAnswer, transfer as Transferable[])
    } catch (error) {
      self.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) } satisfies WorkerAnswer)
    }
  }
}
