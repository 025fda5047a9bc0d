import type { ReactNode } from 'react'
import type { LoadProgress } from './load-model'

/** The theme's colours for a canvas (the page's CSS variables). */
export function themeColors(element: HTMLElement): { background: string; edges: string } {
  const style = getComputedStyle(element)
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback
  return { background: read('--color-background', '#0b1220'), edges: read('--color-text', '#e6edf5') }
}

/**
 * Over the canvas: a progress bar while the file downloads and is read, or why it cannot be shown;
 * over its top edge only while the rest of a model already shown arrives.
 */
export function PreviewStatus({ progress, error }: { progress: LoadProgress | null; error: string }) {
  if (error)
    return (
      <p role="alert" className="absolute inset-0 flex items-center justify-center bg-(--color-background) p-6 text-center" data-testid="preview-error">
        {error}
      </p>
    )
  if (!progress) return null
  if (progress.phase === 'arriving') {
    const label = 'Loading the rest of the model…'
    return (
      <div className="pointer-events-none absolute top-2 left-2 flex items-center gap-2 rounded-sm bg-(--color-background) px-2 py-1 text-sm" role="status" aria-live="polite" data-testid="model-arriving">
        <span>{label}</span>
        <progress className="w-32" max={1} value={progress.fraction ?? 0} aria-label={label} />
      </div>
    )
  }
  const label = progress.phase === 'downloading' ? 'Downloading the file…' : 'Reading the model…'
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-(--color-background)" role="status" aria-live="polite">
      <p>{label}</p>
      {progress.fraction === null ? <progress className="w-64" aria-label={label} /> : <progress className="w-64" max={1} value={progress.fraction} aria-label={label} />}
    </div>
  )
}

/**
 * The model's size or the drawing's extent, over the view's lower left corner rather than in the
 * toolbar: when it appears the view keeps its size (a canvas resized makes its drawing buffer anew
 * and draws the model again, a long task for a large model in software rendering).
 */
export function SizeNote({ children }: { children: ReactNode }) {
  return (
    <p className="pointer-events-none absolute bottom-2 left-2 max-w-[calc(100%-1rem)] rounded-sm bg-(--color-background) px-2 py-1 text-sm" data-testid="model-size">
      {children}
    </p>
  )
}
