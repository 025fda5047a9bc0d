import * as THREE from 'three'
import type { FieldComponent, FieldRange } from '../../../../lib/simulation-results/field-colours'
import { readPvd, type SeriesStep } from '../../../../lib/simulation-results/read-pvd'
import { extensionOf } from '../../../../lib/file-types'
import { CORRUPT_MESSAGE, PreviewError } from '../fetch-file'
import type { ReferenceReader } from '../reference-reader'
import type { OpenedStep, Probed, ResultsAnswer, ResultsRequest } from './results-protocol'

type Request = ResultsRequest extends infer R ? (R extends ResultsRequest ? Omit<R, 'id'> : never) : never

/**
 * A simulation result open in the viewer: a worker of its own holds each step's mesh and surface,
 * and answers colours, warped positions and probed values. A series reads its steps' files lazily,
 * each through the preview's reference reader (only files beside the series, uploaded by its uploader).
 */
export class ResultsSession {
  private readonly worker = new Worker(new URL('./results.worker.ts', import.meta.url))
  private nextId = 1
  private readonly info = new Map<number, Promise<Omit<OpenedStep, 'positions'>>>()

  private constructor(
    /** The series' steps (time and file); one step of time 0 for a single file. */
    readonly steps: readonly SeriesStep[],
    private readonly readStep: (step: number) => Promise<{ extension: string; data: ArrayBuffer }>,
  ) {}

  /** A single result file, its bytes already downloaded. */
  static ofFile(fileName: string, data: ArrayBuffer): ResultsSession {
    return new ResultsSession([{ time: 0, file: fileName }], async () => ({ extension: extensionOf(fileName), data }))
  }

  /** A ParaView series: its steps' files are read through the reader when first shown. */
  static ofSeries(data: ArrayBuffer, references: ReferenceReader): ResultsSession {
    const steps = readPvd(new TextDecoder().decode(data))
    return new ResultsSession(steps, async (step) => {
      const file = await references.read(steps[step]!.file, 'name')
      if (!file) throw new PreviewError(`Step ${step + 1} of the series (${steps[step]!.file}) could not be read.`)
      const bytes = file.bytes
      const data = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? (bytes.buffer as ArrayBuffer) : (bytes.slice().buffer as ArrayBuffer)
      return { extension: extensionOf(steps[step]!.file), data }
    })
  }

  get isSeries(): boolean {
    return this.steps.length > 1
  }

  private ask<T>(request: Request, transfer: Transferable[] = []): Promise<T> {
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      const onMessage = (event: MessageEvent<ResultsAnswer>) => {
        if (event.data.id !== id) return
        this.worker.removeEventListener('message', onMessage)
        if (event.data.ok) resolve(event.data.value as T)
        else reject(new PreviewError(CORRUPT_MESSAGE))
      }
      this.worker.addEventListener('message', onMessage)
      this.worker.addEventListener('error', () => reject(new PreviewError(CORRUPT_MESSAGE)), { once: true })
      this.worker.postMessage({ ...request, id } as ResultsRequest, transfer)
    })
  }

  /** A step's surface and fields: read in the worker the first time, its positions asked again after. */
  async open(step: number): Promise<OpenedStep> {
    const known = this.info.get(step)
    if (known) {
      const [info, positions] = await Promise.all([known, this.warp(step, null, 0)])
      return { ...info, positions }
    }
    const pending = this.readStep(step).then(({ extension, data }) => this.ask<OpenedStep>({ kind: 'open', step, extension, data }, [data]))
    this.info.set(
      step,
      pending.then(({ positions: _, ...info }) => info),
    )
    pending.catch(() => this.info.delete(step))
    return pending
  }

  colours(step: number, field: string, component: FieldComponent, range: FieldRange): Promise<Float32Array> {
    return this.ask({ kind: 'colour', step, field, component, range })
  }

  warp(step: number, field: string | null, factor: number): Promise<Float32Array> {
    return this.ask({ kind: 'warp', step, field, factor })
  }

  probe(step: number, triangle: number, weights: [number, number, number], field: string, component: FieldComponent): Promise<Probed> {
    return this.ask({ kind: 'probe', step, triangle, weights, field, component })
  }

  dispose() {
    this.worker.terminate()
  }
}

/** The surface of a step as a three.js mesh, coloured per corner, shaded flat (no normals to send). */
export function surfaceMesh(step: OpenedStep): THREE.Mesh {
  const geometry = new THREE.BufferGeometry()
  geometry.setAttribute('position', new THREE.BufferAttribute(step.positions, 3))
  geometry.setAttribute('color', new THREE.BufferAttribute(new Float32Array(step.positions.length).fill(0.7), 3))
  setBounds(geometry, step.min, step.max)
  const material = new THREE.MeshStandardMaterial({ vertexColors: true, metalness: 0, roughness: 0.8, flatShading: true, side: THREE.DoubleSide, polygonOffset: true, polygonOffsetFactor: 1, polygonOffsetUnits: 1 })
  const mesh = new THREE.Mesh(geometry, material)
  mesh.name = 'Result'
  return mesh
}

export function setBounds(geometry: THREE.BufferGeometry, min: readonly number[], max: readonly number[]) {
  geometry.boundingBox = new THREE.Box3(new THREE.Vector3(...min), new THREE.Vector3(...max))
  geometry.boundingSphere = geometry.boundingBox.getBoundingSphere(new THREE.Sphere())
}
