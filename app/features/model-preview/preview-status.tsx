import type { LoadProgress } from './load-model'

/** The theme's colours for a canvas (the page's CSS variables). */
export function themeColors(element: HTMLElement): { background: string; edges: string } {
  const style = getComputedStyle(element)
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback
  return { background: read('--color-background', '#0b1220'), edges: read('--color-text', '#e6edf5') }
}

/** Over the canvas: a progress bar while the file downloads and is read, or why it cannot be shown. */
export function PreviewStatus({ progress, error }: { progress: LoadProgress | null; error: string }) {
  if (error)
    return (
      <p role="alert" className="absolute inset-0 flex items-center justify-center bg-(--color-background) p-6 text-center" data-testid="preview-error">
        {error}
      </p>
    )
  if (!progress) return null
  const label = progress.phase === 'downloading' ? 'Downloading the file…' : 'Reading the model…'
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-(--color-background)" role="status" aria-live="polite">
      <p>{label}</p>
      {progress.fraction === null ? <progress className="w-64" aria-label={label} /> : <progress className="w-64" max={1} value={progress.fraction} aria-label={label} />}
    </div>
  )
}
