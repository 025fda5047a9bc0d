import { useEffect, useRef, useState } from 'react'
import { PreviewError } from '../fetch-file'
import { loadModel, type LoadedModel, type LoadProgress } from '../load-model'
import { ModelScene } from '../model-scene'
import { PreviewStatus, themeColors } from '../preview-status'
import { ReferenceReader } from '../reference-reader'
import { ViewWithToolbar } from '../view-with-toolbar'
import { changeColors, diffModels, fitBoth, ghostColor, linkViews, overlayOf } from './compare-models'
import type { PartChange, PartsDiff } from './diff-parts'
import type { RevisionFile } from './revision-file'

export const failed = (e: unknown) => (e instanceof PreviewError ? e.message : 'The preview could not be shown. Please download the file instead.')

/**
 * Reads one revision's model, reporting its progress; rejects with the reason to show. A model that
 * could be drawn as it arrives is answered whole: the comparison needs both models' every part.
 */
async function load(file: RevisionFile, onProgress: (p: LoadProgress) => void, signal: AbortSignal): Promise<LoadedModel> {
  const loaded = await loadModel(file.url, file.name, new ReferenceReader(file.url, signal), (p) => onProgress(p.phase === 'arriving' ? { ...p, phase: 'downloading' } : p), signal)
  await loaded.arriving?.rest
  return loaded
}

/** One revision's canvas with its label over it. */
function Pane({ file, container, progress, error }: { file: RevisionFile; container: React.RefObject<HTMLDivElement | null>; progress: LoadProgress | null; error: string }) {
  return (
    <section className="relative flex min-h-64 min-w-0 flex-1 flex-col" aria-label={`Revision ${file.label}: ${file.name}`}>
      <p className="pointer-events-none absolute top-2 left-2 z-10 rounded bg-(--color-foreground)/90 px-2 py-0.5 text-sm font-semibold" data-testid="revision-label">
        {file.label}
      </p>
      <div ref={container} className="relative min-h-64 flex-1 overflow-hidden rounded-md border border-(--color-border)" data-testid="compare-canvas">
        <PreviewStatus progress={progress} error={error} />
      </div>
    </section>
  )
}

/** Two canvases, the older revision's and the newer one's, whose cameras move together; one Fit for both. */
export function SideBySide({ older, newer }: { older: RevisionFile; newer: RevisionFile }) {
  const left = useRef<HTMLDivElement>(null)
  const right = useRef<HTMLDivElement>(null)
  const scenes = useRef<[ModelScene, ModelScene] | null>(null)
  const [progress, setProgress] = useState<[LoadProgress | null, LoadProgress | null]>([{ phase: 'downloading', fraction: 0 }, { phase: 'downloading', fraction: 0 }])
  const [errors, setErrors] = useState<[string, string]>(['', ''])
  const [ready, setReady] = useState(false)

  useEffect(() => {
    const abort = new AbortController()
    const a = new ModelScene(left.current!, themeColors(left.current!))
    const b = new ModelScene(right.current!, themeColors(right.current!))
    scenes.current = [a, b]
    const unlink = linkViews(a, b)
    const one = (i: 0 | 1, file: RevisionFile, scene: ModelScene) =>
      load(file, (p) => setProgress((all) => (i === 0 ? [p, all[1]] : [all[0], p])), abort.signal)
        .then((model) => {
          scene.setModel(model.object)
          setProgress((all) => (i === 0 ? [null, all[1]] : [all[0], null]))
          return true
        })
        .catch((e: unknown) => {
          if (abort.signal.aborted) return false
          setProgress((all) => (i === 0 ? [null, all[1]] : [all[0], null]))
          setErrors((all) => (i === 0 ? [failed(e), all[1]] : [all[0], failed(e)]))
          return false
        })
    void Promise.all([one(0, older, a), one(1, newer, b)]).then(async (shown) => {
      if (abort.signal.aborted) return
      a.view('iso')
      fitBoth(a, b)
      setReady(shown.some(Boolean))
      // "rendered": each model's first frame is on its canvas.
      await Promise.all(shown.map((ok, i) => (ok ? [a, b][i]!.drawn() : undefined)))
      if (abort.signal.aborted) return
      shown.forEach((ok, i) => {
        if (ok) [a, b][i]!.canvas.dataset.rendered = 'true'
      })
    })
    return () => {
      abort.abort()
      unlink()
      a.dispose()
      b.dispose()
      scenes.current = null
    }
  }, [older.url, older.name, newer.url, newer.name])

  return (
    <ViewWithToolbar ready={ready} onFit={() => scenes.current && fitBoth(...scenes.current)} tools={<p className="text-sm text-(--color-light)">Both views move together.</p>}>
      <div className="flex min-h-0 flex-1 flex-col gap-2 md:flex-row">
        <Pane file={older} container={left} progress={progress[0]} error={errors[0]} />
        <Pane file={newer} container={right} progress={progress[1]} error={errors[1]} />
      </div>
    </ViewWithToolbar>
  )
}

const legendNames: Record<PartChange, string> = { added: 'Added', removed: 'Removed', changed: 'Changed', unchanged: 'Unchanged' }

/** The overlay's key: each colour, what it means and how many parts it marks. */
function Legend({ diff, older, newer }: { diff: PartsDiff; older: RevisionFile; newer: RevisionFile }) {
  const changes: PartChange[] = diff.whole ? ['changed', 'unchanged'] : ['added', 'removed', 'changed', 'unchanged']
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm" data-testid="compare-legend">
      <p className="font-medium">
        {newer.label} against {older.label}:
      </p>
      {diff.whole ? (
        <p>{diff.counts.changed ? 'the geometry changed' : 'the geometry is the same'}</p>
      ) : null}
      <ul className="flex flex-wrap gap-x-4 gap-y-1">
        {changes.map((change) => (
          <li key={change} className="flex items-center gap-1.5" data-change={change}>
            <span aria-hidden="true" className="inline-block size-3 rounded-sm" style={{ background: changeColors[change], opacity: change === 'removed' ? 0.6 : 1 }} />
            {legendNames[change]}
            {diff.whole ? null : ` (${diff.counts[change]})`}
          </li>
        ))}
        {diff.whole && diff.counts.changed ? (
          <li className="flex items-center gap-1.5">
            <span aria-hidden="true" className="inline-block size-3 rounded-sm opacity-50" style={{ background: ghostColor }} />
            {older.label} (see-through)
          </li>
        ) : null}
      </ul>
      {diff.whole || diff.parts.every((p) => p.change === 'unchanged') ? null : (
        <details className="w-full text-sm">
          <summary className="cursor-pointer">What changed, part by part</summary>
          <ul className="mt-1 max-h-40 overflow-auto" data-testid="compare-parts">
            {diff.parts
              .filter((p) => p.change !== 'unchanged')
              .map((p) => (
                <li key={p.path}>
                  {legendNames[p.change]}: {p.path}
                </li>
              ))}
          </ul>
        </details>
      )}
    </div>
  )
}

/** Both revisions in one canvas, in their own coordinates, coloured by what changed, with the legend. */
export function Overlay({ older, newer }: { older: RevisionFile; newer: RevisionFile }) {
  const container = useRef<HTMLDivElement>(null)
  const scene = useRef<ModelScene | null>(null)
  const [progress, setProgress] = useState<LoadProgress | null>({ phase: 'downloading', fraction: 0 })
  const [error, setError] = useState('')
  const [diff, setDiff] = useState<PartsDiff | null>(null)

  useEffect(() => {
    const abort = new AbortController()
    const view = new ModelScene(container.current!, themeColors(container.current!))
    scene.current = view
    Promise.all([load(older, () => {}, abort.signal), load(newer, setProgress, abort.signal)])
      .then(async ([a, b]) => {
        const changes = diffModels(a, b)
        view.setModel(overlayOf(a, b, changes))
        setDiff(changes.diff)
        setProgress(null)
        await view.drawn()
        if (!abort.signal.aborted) view.canvas.dataset.rendered = 'true'
      })
      .catch((e: unknown) => {
        if (abort.signal.aborted) return
        setProgress(null)
        setError(failed(e))
      })
    return () => {
      abort.abort()
      view.dispose()
      scene.current = null
    }
  }, [older.url, older.name, newer.url, newer.name])

  return (
    <ViewWithToolbar ready={diff !== null} onFit={() => scene.current?.view('fit')}>
      {diff ? <Legend diff={diff} older={older} newer={newer} /> : null}
      <div ref={container} className="relative min-h-64 flex-1 overflow-hidden rounded-md border border-(--color-border)" data-testid="compare-canvas">
        <PreviewStatus progress={progress} error={error} />
      </div>
    </ViewWithToolbar>
  )
}
