import { cellsFromRuns, polyCells, type CellList, type PolyList } from './poly-cells'
import { ResultFormatError, type ResultField, type ResultMesh } from './result-mesh'
import { byteSizeOf, numberTypeOf, numbersFromBytes, type NumberArray, type VtkNumberType } from './vtk-arrays'

/**
 * VTK's legacy `.vtk` files of an unstructured grid or polydata, ASCII or binary (big-endian), in the
 * 4.2 layout (CELLS with a count before each cell's points) and the 5.x one (OFFSETS and
 * CONNECTIVITY), with point and cell data as SCALARS, VECTORS, NORMALS, TENSORS or FIELD arrays.
 */
export function readVtkLegacy(bytes: Uint8Array): ResultMesh {
  const r = new Cursor(bytes)
  if (!r.line().startsWith('# vtk DataFile')) throw new ResultFormatError('This is not a VTK legacy file (no "# vtk DataFile" line)')
  r.line() // the title
  const encoding = r.line().trim().toUpperCase()
  if (encoding !== 'ASCII' && encoding !== 'BINARY') throw new ResultFormatError('A VTK legacy file says ASCII or BINARY on its third line')
  r.binary = encoding === 'BINARY'
  const dataset = r.word() === 'DATASET' ? r.word().toUpperCase() : ''
  if (dataset !== 'UNSTRUCTURED_GRID' && dataset !== 'POLYDATA') throw new ResultFormatError(`VTK ${dataset.toLowerCase() || 'datasets of this kind'} cannot be previewed yet: save the result as an unstructured grid or polydata`)

  let points: NumberArray = new Float64Array(0)
  let cells: CellList | null = null
  let cellTypes: NumberArray | null = null
  const polySections: { list: PolyList; cells: CellList }[] = []
  const fields: ResultField[] = []
  let location: 'point' | 'cell' | null = null
  let tuples = 0

  for (let keyword = r.word(); keyword; keyword = r.word()) {
    switch (keyword.toUpperCase()) {
      case 'POINTS': {
        const count = r.integer()
        points = r.numbers(count * 3, r.type())
        break
      }
      case 'CELLS':
      case 'VERTICES':
      case 'LINES':
      case 'POLYGONS':
      case 'TRIANGLE_STRIPS': {
        const read = readCellList(r)
        if (keyword.toUpperCase() === 'CELLS') cells = read
        else polySections.push({ list: polyListOf[keyword.toUpperCase()]!, cells: read })
        break
      }
      case 'CELL_TYPES':
        cellTypes = r.numbers(r.integer(), 'Int32')
        break
      case 'POINT_DATA':
      case 'CELL_DATA':
        location = keyword.toUpperCase() === 'POINT_DATA' ? 'point' : 'cell'
        tuples = r.integer()
        break
      case 'SCALARS': {
        const name = r.word()
        const type = r.type()
        // An optional number of components, then LOOKUP_TABLE on the next line.
        let components = 1
        let next = r.word()
        if (/^\d+$/.test(next)) {
          components = Number(next)
          next = r.word()
        }
        if (next.toUpperCase() !== 'LOOKUP_TABLE') throw new ResultFormatError('SCALARS without LOOKUP_TABLE')
        r.word()
        fields.push(field(name, location, components, r.numbers(tuples * components, type)))
        break
      }
      case 'VECTORS':
      case 'NORMALS': {
        const name = r.word()
        fields.push(field(name, location, 3, r.numbers(tuples * 3, r.type())))
        break
      }
      case 'TENSORS': {
        const name = r.word()
        fields.push(field(name, location, 9, r.numbers(tuples * 9, r.type())))
        break
      }
      case 'FIELD': {
        r.word() // the field data's name
        const arrays = r.integer()
        for (let i = 0; i < arrays; i++) {
          let name = r.word()
          // A METADATA block may sit between arrays.
          while (name.toUpperCase() === 'METADATA') {
            r.skipMetadata()
            name = r.word()
          }
          const components = r.integer()
          const count = r.integer()
          const typeName = r.word()
          const type = numberTypeOf(typeName)
          if (!type) throw new ResultFormatError(`Arrays of type ${typeName} cannot be read`)
          const values = r.numbers(components * count, type)
          if (location) fields.push(field(name, location, components, values))
        }
        break
      }
      case 'METADATA':
        r.skipMetadata()
        break
      case 'LOOKUP_TABLE': {
        r.word()
        const count = r.integer()
        r.numbers(count * 4, r.binary ? 'UInt8' : 'Float32')
        break
      }
      case 'COLOR_SCALARS': {
        const name = r.word()
        const components = r.integer()
        const values = r.numbers(tuples * components, r.binary ? 'UInt8' : 'Float32')
        fields.push(field(name, location, components, values))
        break
      }
      case 'TEXTURE_COORDINATES': {
        r.word()
        const dims = r.integer()
        r.numbers(tuples * dims, r.type())
        break
      }
      default:
        throw new ResultFormatError(`"${keyword.slice(0, 30)}" is not a section of a VTK legacy file this reader knows`)
    }
  }

  const mesh = dataset === 'UNSTRUCTURED_GRID' ? gridCells(cells, cellTypes) : polyCells(polySections)
  return { points, ...mesh, fields }
}

function field(name: string, location: 'point' | 'cell' | null, components: number, values: NumberArray): ResultField {
  if (!location) throw new ResultFormatError(`The array "${name}" comes before POINT_DATA or CELL_DATA`)
  return { name, location, components, values }
}

/** The legacy file's polydata sections by the list of cells each holds. */
const polyListOf: Record<string, PolyList> = { VERTICES: 'verts', LINES: 'lines', POLYGONS: 'polys', TRIANGLE_STRIPS: 'strips' }

/** A cell list in either layout: `n size` then n runs of "count ids…" (4.2), or OFFSETS and CONNECTIVITY (5.x). */
function readCellList(r: Cursor): CellList {
  const n = r.integer()
  const size = r.integer()
  const mark = r.at
  const next = r.word().toUpperCase()
  if (next === 'OFFSETS') {
    const offsets = Array.from(r.numbers(n, r.type()))
    if (r.word().toUpperCase() !== 'CONNECTIVITY') throw new ResultFormatError('OFFSETS without CONNECTIVITY')
    const connectivity = Array.from(r.numbers(size, r.type()))
    return { offsets: offsets.slice(1), connectivity }
  }
  r.at = mark
  return cellsFromRuns(r.numbers(size, 'Int32'), n)
}

function gridCells(cells: CellList | null, types: NumberArray | null) {
  if (!cells || !types) throw new ResultFormatError('An unstructured grid needs CELLS and CELL_TYPES')
  if (types.length !== cells.offsets.length) throw new ResultFormatError('CELLS and CELL_TYPES count different cells')
  return { connectivity: Uint32Array.from(cells.connectivity), offsets: Uint32Array.from(cells.offsets), types: Uint8Array.from(types) }
}

/** Words and lines of text, and (binary files) runs of big-endian numbers, from the file's bytes. */
class Cursor {
  at = 0
  binary = false
  constructor(private readonly bytes: Uint8Array) {}

  line(): string {
    const end = this.bytes.indexOf(0x0a, this.at)
    const stop = end < 0 ? this.bytes.length : end
    const text = latin1(this.bytes.subarray(this.at, stop)).replace(/\r$/, '')
    this.at = stop + 1
    return text
  }

  /** The next whitespace-separated word, '' at the end of the file. */
  word(): string {
    const b = this.bytes
    while (this.at < b.length && isSpace(b[this.at]!)) this.at++
    const start = this.at
    while (this.at < b.length && !isSpace(b[this.at]!)) this.at++
    return latin1(b.subarray(start, this.at))
  }

  integer(): number {
    const word = this.word()
    const value = Number(word)
    if (!Number.isInteger(value) || value < 0) throw new ResultFormatError(`Expected a count, found "${word.slice(0, 20)}"`)
    return value
  }

  type(): VtkNumberType {
    const word = this.word()
    const type = numberTypeOf(word)
    if (!type) throw new ResultFormatError(`Arrays of type ${word} cannot be read`)
    return type
  }

  numbers(count: number, type: VtkNumberType): NumberArray {
    if (!this.binary) {
      const out = new Float64Array(count)
      for (let i = 0; i < count; i++) {
        const word = this.word()
        if (!word) throw new ResultFormatError('The file ends in the middle of an array')
        out[i] = Number(word)
      }
      return out
    }
    // The binary data starts after the keyword line's newline.
    const newline = this.bytes.indexOf(0x0a, this.at)
    if (newline >= 0 && this.bytes.subarray(this.at, newline).every(isSpace)) this.at = newline + 1
    const size = count * byteSizeOf(type)
    if (this.at + size > this.bytes.length) throw new ResultFormatError('The file ends in the middle of an array')
    const values = numbersFromBytes(this.bytes.subarray(this.at, this.at + size), type, false)
    this.at += size
    return values
  }

  /** A METADATA block: lines up to the first empty one. */
  skipMetadata() {
    this.line()
    while (this.at < this.bytes.length && this.line().trim() !== '');
  }
}

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09

function latin1(bytes: Uint8Array): string {
  let out = ''
  for (let i = 0; i < bytes.length; i += 8192) out += String.fromCharCode(...bytes.subarray(i, i + 8192))
  return out
}
