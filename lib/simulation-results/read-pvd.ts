import { ResultFormatError } from './result-mesh'
import { parseElements } from './xml-elements'

/** One step of a series: its time and the file (beside the .pvd) that holds it. */
export interface SeriesStep {
  time: number
  file: string
}

/**
 * A ParaView series (`.pvd`): the steps in time order. A step's file must be a plain name or a path
 * below the series' folder: one that climbs out ("..") or starts at the root is refused.
 */
export function readPvd(text: string): SeriesStep[] {
  const file = parseElements(text).find((e) => e.name === 'VTKFile')
  if (file?.attributes.type !== 'Collection') throw new ResultFormatError('This is not a ParaView series (no VTKFile of type Collection)')
  const sets = file.children.find((e) => e.name === 'Collection')?.children.filter((e) => e.name === 'DataSet') ?? []
  const steps = sets.map((set) => {
    const name = set.attributes.file ?? ''
    if (!name || name.startsWith('/') || name.split(/[\\/]/).includes('..')) throw new ResultFormatError(`The series names a file outside its folder: "${name.slice(0, 80)}"`)
    return { time: Number(set.attributes.timestep ?? 0), file: name }
  })
  if (!steps.length) throw new ResultFormatError('The series lists no steps')
  return steps.sort((a, b) => a.time - b.time)
}
