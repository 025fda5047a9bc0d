import { useEffect, useRef } from 'react'
import { createPortal } from 'react-dom'

export interface ImageOverlayProps {
  src: string
  alt: string
  width: number
  height: number
  onClose: () => void
}

/**
 * The full-screen view of a case-study image. A double-click anywhere on it (the image or the dark
 * backdrop) closes it, as does Escape or the Close button.
 */
export function ImageOverlay({ src, alt, width, height, onClose }: ImageOverlayProps) {
  const dialogRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose()
    }
    document.addEventListener('keydown', onKeyDown)
    const overflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    dialogRef.current?.focus()
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.body.style.overflow = overflow
    }
  }, [onClose])

  return createPortal(
    <div
      ref={dialogRef}
      role="dialog"
      aria-modal="true"
      aria-label={`${alt} (full screen)`}
      tabIndex={-1}
      data-testid="image-overlay"
      className="fixed inset-0 z-50 flex cursor-zoom-out flex-col items-center justify-center gap-3 bg-black/90 p-4 outline-none"
      onDoubleClick={onClose}
    >
      <img src={src} alt={alt} width={width} height={height} className="max-h-[85vh] w-auto max-w-full object-contain" />
      <p className="text-sm text-white/80">Double-click or press Escape to close</p>
      <button
        type="button"
        onClick={onClose}
        className="absolute top-4 right-4 rounded border border-white/60 px-3 py-1 text-sm text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
      >
        Close
      </button>
    </div>,
    document.body,
  )
}
