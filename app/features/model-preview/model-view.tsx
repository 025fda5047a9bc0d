import { useEffect, useId, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import type * as THREE from 'three'
import { formatModelSize } from '../../../lib/preview-formats'
import { fileTypeOf, modelUnitsOf } from '../../../lib/file-types'
import { secondaryButtonClass } from '../../components/portal/styles'
import { PreviewError } from './fetch-file'
import { loadModel, type LoadProgress } from './load-model'
import { ModelScene, type StandardView } from './model-scene'
import type { ModelNode } from './parsed-model'
import { PreviewStatus, SizeNote, themeColors } from './preview-status'
import { ReferenceReader, type RefusedReference } from './reference-reader'
import { RefusedReferences } from './refused-references'
import type { LoadedResults } from './results/read-results'
import { ResultsPanel, ResultsPanelToggle } from './results/results-panel'
import { saveThumbnail, type ThumbnailTarget } from './save-thumbnail'
import { SideList, SideListToggle, withShown } from './side-list'
import { hiddenWhenIsolated, PartRow, setSeeThrough } from './parts/part-row'
import { BesideComments } from './comments/beside-comments'
import { useModelComments } from './comments/model-comments'
import type { ReviewComments } from './comments/review-props'
import type { SectionPlane } from './section/section-view'
import { ToolButtons, ViewerTools, type Tool } from './viewer-tools'

interface Part {
  key: string
  name: string
  depth: number
  meshes: THREE.Mesh[]
}

/** The model's structure as an indented list (a STEP assembly's parts), each part with its meshes. */
function partsOf(tree: ModelNode | null, meshes: THREE.Mesh[]): Part[] {
  if (!tree) return []
  const parts: Part[] = []
  const walk = (node: ModelNode, depth: number, key: string): THREE.Mesh[] => {
    const at = parts.length
    const own = node.meshes.map((i) => meshes[i]!).filter(Boolean)
    const all = [...own, ...node.children.flatMap((child, i) => walk(child, depth + 1, `${key}.${i}`))]
    if (node.name || depth > 0) parts.splice(at, 0, { key, name: node.name || 'Unnamed part', depth, meshes: all })
    return all
  }
  walk(tree, 0, '0')
  return parts.length > 1 || (parts.length === 1 && tree.children.length > 0) ? parts : []
}

const views: { id: StandardView | 'fit'; label: string }[] = [
  { id: 'fit', label: 'Fit' },
  { id: 'front', label: 'Front' },
  { id: 'top', label: 'Top' },
  { id: 'side', label: 'Side' },
  { id: 'iso', label: 'Isometric' },
]

/**
 * A 3D model: the canvas, the standard views, wireframe and edges, the size of its box and its parts;
 * with a revision's comments, the Comment tool, their pins and their list beside the view.
 */
export function ModelView({ url, name, thumbnail, review }: { url: string; name: string; thumbnail?: ThumbnailTarget; review?: ReviewComments }) {
  const container = useRef<HTMLDivElement>(null)
  const scene = useRef<ModelScene | null>(null)
  const [progress, setProgress] = useState<LoadProgress | null>({ phase: 'downloading', fraction: 0 })
  const [error, setError] = useState('')
  const [size, setSize] = useState<[number, number, number] | null>(null)
  const [parts, setParts] = useState<Part[]>([])
  const [hidden, setHidden] = useState<Set<string>>(new Set())
  const [wireframe, setWireframe] = useState(false)
  const [edges, setEdges] = useState(false)
  const [refused, setRefused] = useState<RefusedReference[]>([])
  const [partsOpen, setPartsOpen] = useState(false)
  const partsId = useId()
  const [results, setResults] = useState<LoadedResults | null>(null)
  const [brepRadii, setBrepRadii] = useState<Float64Array | undefined>()
  const [resultsOpen, setResultsOpen] = useState(false)
  const resultsId = useId()
  const showPart = (part: Part, shown: boolean) => {
    scene.current?.setVisible(part.meshes, shown)
    setHidden((h) => withShown(h, part.key, shown))
  }
  const [tool, setTool] = useState<Tool | null>(null)
  const [planes, setPlanes] = useState<SectionPlane[]>([])
  const [seeThrough, setSeeThroughKeys] = useState<Set<string>>(new Set())
  const isolate = (part: Part) => {
    scene.current?.setVisible(parts.flatMap((p) => p.meshes), false)
    scene.current?.setVisible(part.meshes, true)
    setHidden(hiddenWhenIsolated(parts, part))
  }
  const showAll = () => {
    scene.current?.setVisible(parts.flatMap((p) => p.meshes), true)
    setHidden(new Set())
  }
  const seeThroughPart = (part: Part, on: boolean) => {
    setSeeThrough(part.meshes, on)
    scene.current?.requestRender()
    setSeeThroughKeys((s) => withShown(s, part.key, !on))
  }

  useEffect(() => {
    const abort = new AbortController()
    // Marks of the preview's progress (the browser's performance timeline, read by the bench and the developer tools).
    performance.mark('preview:opened')
    const view = new ModelScene(container.current!, themeColors(container.current!))
    scene.current = view
    const references = new ReferenceReader(url, abort.signal)
    // A model drawn as it arrives has each later piece added at a frame, drawn over the last one.
    loadModel(url, name, references, setProgress, abort.signal, (mesh) => view.addArrived(mesh))
      .then(async (loaded) => {
        await view.prepare(loaded.object)
        performance.mark('preview:compiled')
        if (abort.signal.aborted) return
        setRefused([...references.refused])
        // The size, the parts and the fields (and the tools with them) come once the whole model is in.
        const showWhole = () => {
          setSize(view.size())
          setParts(partsOf(loaded.tree, loaded.meshes))
          setResults(loaded.results ?? null)
          setBrepRadii(loaded.brepRadii)
          setProgress(null)
        }
        view.setModel(loaded.object, loaded.arriving?.box)
        // The parts list and the results panel are laid out beside the view before its first frame,
        // which is then drawn at the view's final size (not drawn, then drawn again narrower).
        if (!loaded.arriving) flushSync(showWhole)
        const canvas = view.canvas
        // "rendered": the model's first frame has been drawn (and the GPU has finished it); for a
        // model drawn as it arrives, the first piece's.
        await view.drawn()
        if (abort.signal.aborted) return
        performance.mark('preview:drawn')
        canvas.dataset.rendered = 'true'
        if (loaded.arriving) {
          await loaded.arriving.rest
          if (abort.signal.aborted) return
          // The last pieces drawn: the picture is the whole model's.
          await view.idle()
          view.arrived()
          showWhole()
          if (abort.signal.aborted) return
          performance.mark('preview:whole')
        }
        // "complete": the whole model is drawn.
        canvas.dataset.complete = 'true'
        // "settled": the picture for the list, when one is due, has been taken as well. It is taken
        // only of a model read from its own bytes alone: a picture of anything else the viewer read
        // with its rights would show it to everyone who may read the file.
        if (thumbnail && !thumbnail.exists && loaded.selfContained)
          void view
            .thumbnail()
            .then((png) => png && saveThumbnail(url, png, thumbnail.onSaved))
            .finally(() => (canvas.dataset.settled = 'true'))
        else canvas.dataset.settled = 'true'
      })
      .catch((e: unknown) => {
        if (abort.signal.aborted) return
        setRefused([...references.refused])
        setProgress(null)
        setError(e instanceof PreviewError ? e.message : 'The preview could not be shown. Please download the file instead.')
      })
    return () => {
      abort.abort()
      view.dispose()
      scene.current = null
    }
    // The thumbnail is taken once, on the first preview; its target changing does not reload the model.
  }, [url, name])

  const units = modelUnitsOf(name)
  const isResult = fileTypeOf(name)?.preview === 'results'
  const ready = size !== null && !error
  const { commentPanel, commentsPanel } = useModelComments({ review, scene: ready ? scene.current : null, parts, hidden, setHidden, planes, setPlanes, open: tool, setOpen: setTool })
  const viewer = (
    <div className={`flex h-full min-h-0 flex-col gap-2 ${review ? 'min-w-0 flex-1' : ''}`}>
      <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="View">
        {views.map((v) => (
          <button key={v.id} type="button" className={secondaryButtonClass} disabled={!ready} onClick={() => scene.current?.view(v.id)}>
            {v.label}
          </button>
        ))}
        <button type="button" className={secondaryButtonClass} disabled={!ready} onClick={() => scene.current?.zoom(0.8)} aria-label="Zoom in">
          +
        </button>
        <button type="button" className={secondaryButtonClass} disabled={!ready} onClick={() => scene.current?.zoom(1.25)} aria-label="Zoom out">
          −
        </button>
        <button type="button" className={secondaryButtonClass} aria-pressed={wireframe} disabled={!ready} onClick={() => (scene.current?.setWireframe(!wireframe), setWireframe(!wireframe))}>
          Wireframe
        </button>
        <button type="button" className={secondaryButtonClass} aria-pressed={edges} disabled={!ready} onClick={() => (scene.current?.setEdges(!edges), setEdges(!edges))}>
          Edges
        </button>
        {results ? <ResultsPanelToggle id={resultsId} open={resultsOpen} onToggle={() => setResultsOpen(!resultsOpen)} /> : null}
        {parts.length ? <SideListToggle id={partsId} title="Parts" open={partsOpen} onToggle={() => setPartsOpen(!partsOpen)} /> : null}
      </div>
      {ready && scene.current ? (
        <ViewerTools view={scene.current} parts={parts} unit={units.unit} brepRadii={brepRadii} open={tool} onOpen={setTool} planes={planes} onPlanes={setPlanes} commentPanel={commentPanel} />
      ) : error ? null : (
        <ToolButtons open={null} onOpen={setTool} comment={commentPanel !== undefined} disabled />
      )}
      <RefusedReferences refused={refused} />
      <div className="relative flex min-h-0 flex-1 gap-2">
        <div ref={container} className="relative min-h-64 flex-1 overflow-hidden rounded-md border border-(--color-border)" data-testid="model-canvas">
          <PreviewStatus progress={progress} error={error} />
          {size && !error ? (
            <SizeNote>
              Size: {formatModelSize(size, units.unit)}
              {units.stored ? '' : <span className="text-(--color-light)"> (the file stores no units: millimetres assumed)</span>}
            </SizeNote>
          ) : null}
        </div>
        {results && scene.current ? (
          <ResultsPanel id={resultsId} open={resultsOpen} results={results} scene={scene.current} />
        ) : isResult && !error ? (
          // The panel's column stands from the start, so the canvas keeps its width when the fields come.
          <SideList id={resultsId} title="Results" testId="results-panel-loading" open={false}>
            <p className="text-(--color-light)">The fields show once the result is read.</p>
          </SideList>
        ) : null}
        {parts.length ? (
          <SideList id={partsId} title="Parts" testId="model-parts" open={partsOpen}>
            <button type="button" className={`${secondaryButtonClass} mb-1`} disabled={hidden.size === 0} onClick={showAll}>
              Show all parts
            </button>
            {parts.map((p) => (
              <PartRow key={p.key} part={p} shown={!hidden.has(p.key)} seeThrough={seeThrough.has(p.key)} onShow={(shown) => showPart(p, shown)} onIsolate={() => isolate(p)} onSeeThrough={(on) => seeThroughPart(p, on)} />
            ))}
          </SideList>
        ) : null}
      </div>
    </div>
  )

  return <BesideComments commentsPanel={commentsPanel}>{viewer}</BesideComments>
}
