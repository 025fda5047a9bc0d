/// <reference lib="webworker" />
import type { ModelNode, ParsedMesh, ParsedModel } from './parsed-model'
import { serveModels } from './serve-models'

// Reads IFC models off the page's thread, in a worker of its own: web-ifc's code is loaded only for an IFC file.

let ifc: Promise<import('web-ifc').IfcAPI> | null = null

/**
 * IFC through web-ifc: every product's geometry, placed, grouped by product (named as the model
 * names it). web-ifc answers in metres with Y up; the viewer shows CAD's Z up, in millimetres.
 */
async function parseIfc(data: ArrayBuffer, wasm: string): Promise<ParsedModel> {
  ifc ??= (async () => {
    const { IfcAPI } = await import('web-ifc')
    const api = new IfcAPI()
    await api.Init(() => wasm, true)
    return api
  })()
  const api = await ifc
  const modelID = api.OpenModel(new Uint8Array(data))
  if (modelID < 0) throw new Error('unreadable')
  const meshes: ParsedMesh[] = []
  const children: ModelNode[] = []
  try {
    api.StreamAllMeshes(modelID, (flat) => {
      const line = api.GetLine(modelID, flat.expressID) as { Name?: { value?: string } } | null
      const name = line?.Name?.value || `#${flat.expressID}`
      const own: number[] = []
      for (let i = 0; i < flat.geometries.size(); i++) {
        const placed = flat.geometries.get(i)
        const geometry = api.GetGeometry(modelID, placed.geometryExpressID)
        const vertices = api.GetVertexArray(geometry.GetVertexData(), geometry.GetVertexDataSize())
        const index = api.GetIndexArray(geometry.GetIndexData(), geometry.GetIndexDataSize())
        const m = placed.flatTransformation
        const count = vertices.length / 6
        const positions = new Float32Array(count * 3)
        const normals = new Float32Array(count * 3)
        for (let v = 0; v < count; v++) {
          const [x, y, z, nx, ny, nz] = [vertices[v * 6]!, vertices[v * 6 + 1]!, vertices[v * 6 + 2]!, vertices[v * 6 + 3]!, vertices[v * 6 + 4]!, vertices[v * 6 + 5]!]
          const px = m[0]! * x + m[4]! * y + m[8]! * z + m[12]!
          const py = m[1]! * x + m[5]! * y + m[9]! * z + m[13]!
          const pz = m[2]! * x + m[6]! * y + m[10]! * z + m[14]!
          const qx = m[0]! * nx + m[4]! * ny + m[8]! * nz
          const qy = m[1]! * nx + m[5]! * ny + m[9]! * nz
          const qz = m[2]! * nx + m[6]! * ny + m[10]! * nz
          positions.set([px * 1000, -pz * 1000, py * 1000], v * 3)
          normals.set([qx, -qz, qy], v * 3)
        }
        geometry.delete()
        own.push(meshes.length)
        meshes.push({ name, positions, normals, index: new Uint32Array(index), color: [placed.color.x, placed.color.y, placed.color.z], min: [0, 0, 0], max: [0, 0, 0] })
      }
      children.push({ name, meshes: own, children: [] })
    })
  } finally {
    api.CloseModel(modelID)
  }
  if (meshes.length === 0) throw new Error('empty')
  return { meshes, tree: { name: '', meshes: [], children } }
}

serveModels((request) => {
  if (request.parser !== 'web-ifc') throw new Error('no parser')
  return parseIfc(request.data, request.ifcWasm)
})
