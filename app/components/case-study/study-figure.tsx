import type { StudyFigure as StudyFigureData } from '../../../content/examples/types'
import { LazyImage } from './lazy-image'

/** A numbered figure with its caption. */
export function StudyFigure({ figure, number, priority }: { figure: StudyFigureData; number?: number; priority?: boolean }) {
  return (
    <figure className="my-6">
      <LazyImage src={figure.src} alt={figure.alt} width={figure.width} height={figure.height} priority={priority} />
      <figcaption className="mt-2 text-sm text-(--color-light)">
        {number !== undefined && <span className="font-semibold">Figure {number}. </span>}
        {figure.caption}
      </figcaption>
    </figure>
  )
}
