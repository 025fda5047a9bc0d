import { joinMeshes } from './join-meshes'
import { ResultFormatError, type ResultField, type ResultMesh } from './result-mesh'
import { parseElements, type Element } from './xml-elements'
import { numberTypeOf, numbersFromBytes, numbersFromText, readBase64Block, readBlock, type BlockLayout, type NumberArray } from './vtk-arrays'

/**
 * VTK's XML files of a mesh and its results: `.vtu` (UnstructuredGrid) and `.vtp` (PolyData), with
 * arrays in ASCII, inline base64 (`format="binary"`) or appended after the XML (raw or base64), each
 * plain or zlib-compressed. Every piece is read and joined into one mesh.
 */


export function readVtkXml(bytes: Uint8Array): ResultMesh {
  const appendedAt = indexOfBytes(bytes, '<AppendedData')
  const xml = new TextDecoder().decode(appendedAt < 0 ? bytes : bytes.subarray(0, appendedAt))
  const root = parseElements(xml)
  const file = root.find((e) => e.name === 'VTKFile')
  if (!file) throw new ResultFormatError('This is not a VTK XML file (no VTKFile element)')
  const kind = file.attributes.type
  if (kind !== 'UnstructuredGrid' && kind !== 'PolyData') throw new ResultFormatError(`VTK ${kind ?? 'files of this type'} cannot be previewed yet: save the result as an unstructured grid (.vtu) or polydata (.vtp)`)
  const layout: BlockLayout = {
    headerType: numberTypeOf(file.attributes.header_type ?? 'UInt32') ?? 'UInt32',
    compressed: Boolean(file.attributes.compressor),
    littleEndian: file.attributes.byte_order !== 'BigEndian',
  }
  if (file.attributes.compressor && file.attributes.compressor !== 'vtkZLibDataCompressor') throw new ResultFormatError(`Arrays compressed with ${file.attributes.compressor} cannot be read: save with zlib compression or none`)
  const appended = appendedAt < 0 ? null : appendedSection(bytes, appendedAt)
  const arrayOf = (element: Element): NumberArray => readDataArray(element, layout, appended)
  const dataset = file.children.find((e) => e.name === kind)
  const pieces = dataset?.children.filter((e) => e.name === 'Piece') ?? []
  if (!pieces.length) throw new ResultFormatError('The file holds no mesh (no Piece)')
  const parts = pieces.map((piece) => (kind === 'UnstructuredGrid' ? readGridPiece(piece, arrayOf) : readPolyPiece(piece, arrayOf)))
  return joinMeshes(parts)
}

function readGridPiece(piece: Element, arrayOf: (e: Element) => NumberArray): ResultMesh {
  const points = readPoints(piece, arrayOf)
  const cells = child(piece, 'Cells')
  const named = (name: string) => {
    const array = cells?.children.find((e) => e.name === 'DataArray' && e.attributes.Name === name)
    if (!array) throw new ResultFormatError(`The cells have no "${name}" array`)
    return arrayOf(array)
  }
  const cellCount = Number(piece.attributes.NumberOfCells ?? 0)
  const connectivity = cellCount ? Uint32Array.from(named('connectivity')) : new Uint32Array(0)
  const offsets = cellCount ? Uint32Array.from(named('offsets')) : new Uint32Array(0)
  const types = cellCount ? Uint8Array.from(named('types')) : new Uint8Array(0)
  if (offsets.length !== cellCount || types.length !== cellCount) throw new ResultFormatError('The number of cells does not match the cell arrays')
  return { points, connectivity, offsets, types, fields: readFields(piece, arrayOf) }
}

/** PolyData's vertices, lines, strips and polygons, in that order (the order of its cell data). */
function readPolyPiece(piece: Element, arrayOf: (e: Element) => NumberArray): ResultMesh {
  const points = readPoints(piece, arrayOf)
  const connectivity: number[] = []
  const offsets: number[] = []
  const types: number[] = []
  const sections: [string, (size: number) => number][] = [
    ['Verts', (n) => (n === 1 ? 1 : 2)],
    ['Lines', (n) => (n === 2 ? 3 : 4)],
    ['Strips', () => 6],
    ['Polys', (n) => (n === 3 ? 5 : n === 4 ? 9 : 7)],
  ]
  for (const [name, typeOf] of sections) {
    const section = child(piece, name)
    if (!section) continue
    const array = (n: string) => section.children.find((e) => e.name === 'DataArray' && e.attributes.Name === n)
    const conn = array('connectivity')
    const offs = array('offsets')
    if (!conn || !offs) continue
    const c = arrayOf(conn)
    const o = arrayOf(offs)
    let start = 0
    for (let i = 0; i < o.length; i++) {
      const end = o[i]!
      for (let k = start; k < end; k++) connectivity.push(c[k]!)
      offsets.push(connectivity.length)
      types.push(typeOf(end - start))
      start = end
    }
  }
  return { points, connectivity: Uint32Array.from(connectivity), offsets: Uint32Array.from(offsets), types: Uint8Array.from(types), fields: readFields(piece, arrayOf) }
}

function readPoints(piece: Element, arrayOf: (e: Element) => NumberArray): NumberArray {
  const count = Number(piece.attributes.NumberOfPoints ?? 0)
  const array = child(piece, 'Points')?.children.find((e) => e.name === 'DataArray')
  if (!array) {
    if (count === 0) return new Float64Array(0)
    throw new ResultFormatError('The mesh has no points')
  }
  const points = arrayOf(array)
  if (points.length !== count * 3) throw new ResultFormatError('The number of points does not match the points array')
  return points
}

function readFields(piece: Element, arrayOf: (e: Element) => NumberArray): ResultField[] {
  const fields: ResultField[] = []
  for (const [section, location] of [
    ['PointData', 'point'],
    ['CellData', 'cell'],
  ] as const) {
    for (const array of child(piece, section)?.children ?? []) {
      if (array.name !== 'DataArray' || !numberTypeOf(array.attributes.type ?? '')) continue
      const components = Number(array.attributes.NumberOfComponents ?? 1)
      fields.push({ name: array.attributes.Name ?? `${location} field ${fields.length + 1}`, location, components, values: arrayOf(array) })
    }
  }
  return fields
}

function readDataArray(element: Element, layout: BlockLayout, appended: Appended | null): NumberArray {
  const type = numberTypeOf(element.attributes.type ?? '')
  if (!type) throw new ResultFormatError(`Arrays of type ${element.attributes.type ?? '(none)'} cannot be read`)
  const format = element.attributes.format ?? 'ascii'
  if (format === 'ascii') return numbersFromText(element.text)
  if (format === 'binary') return numbersFromBytes(readBase64Block(element.text, layout), type, layout.littleEndian)
  if (format === 'appended') {
    if (!appended) throw new ResultFormatError('An array is appended but the file has no AppendedData')
    const offset = Number(element.attributes.offset ?? 0)
    if (appended.encoding === 'raw') return numbersFromBytes(readBlock(appended.bytes, offset, layout).data, type, layout.littleEndian)
    return numbersFromBytes(readBase64Block(appended.text.slice(offset), layout), type, layout.littleEndian)
  }
  throw new ResultFormatError(`Arrays in the "${format}" format cannot be read`)
}

interface Appended {
  encoding: 'raw' | 'base64'
  /** The bytes after the "_" that opens the data (raw). */
  bytes: Uint8Array
  /** The same as text (base64). */
  text: string
}

function appendedSection(bytes: Uint8Array, at: number): Appended {
  const tagEnd = bytes.indexOf(0x3e /* > */, at)
  const tag = new TextDecoder().decode(bytes.subarray(at, tagEnd + 1))
  const encoding = /encoding="([^"]*)"/.exec(tag)?.[1] ?? 'raw'
  const underscore = bytes.indexOf(0x5f /* _ */, tagEnd)
  if (tagEnd < 0 || underscore < 0) throw new ResultFormatError('The AppendedData section is malformed')
  const data = bytes.subarray(underscore + 1)
  if (encoding === 'base64') {
    const close = indexOfBytes(data, '</AppendedData')
    return { encoding, bytes: data, text: new TextDecoder().decode(close < 0 ? data : data.subarray(0, close)).replace(/\s+/g, '') }
  }
  if (encoding !== 'raw') throw new ResultFormatError(`Appended data encoded as "${encoding}" cannot be read`)
  return { encoding, bytes: data, text: '' }
}

const child = (element: Element, name: string) => element.children.find((e) => e.name === name)

function indexOfBytes(bytes: Uint8Array, text: string): number {
  const needle = new TextEncoder().encode(text)
  let from = 0
  for (;;) {
    const at = bytes.indexOf(needle[0]!, from)
    if (at < 0 || at + needle.length > bytes.length) return -1
    let k = 1
    while (k < needle.length && bytes[at + k] === needle[k]) k++
    if (k === needle.length) return at
    from = at + 1
  }
}
