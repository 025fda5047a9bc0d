import { OBJ_MATERIAL_SCAN_BYTES, objMaterialLibraries } from '../../../lib/model-references'
import type { ReferenceReader } from './reference-reader'

/** The MTL statements the viewer draws with: materials and their colours, nothing that names a file. */
const colourStatements = new Set(['newmtl', 'ka', 'kd', 'ks', 'ke', 'ns', 'ni', 'd', 'tr', 'illum'])

/** Statements naming a texture file (map_Kd, bump, norm, ...). */
const isTextureStatement = (key: string) => key.startsWith('map_') || ['bump', 'disp', 'decal', 'refl', 'norm'].includes(key)

/** A texture statement's file name, as three.js's MTL loader reads it: its options (-bm, -mm, -s, -o) dropped. */
function texturePath(value: string): string {
  const items = value.split(/\s+/)
  for (const [option, count] of [
    ['-bm', 2],
    ['-mm', 3],
    ['-s', 4],
    ['-o', 4],
  ] as const) {
    const at = items.indexOf(option)
    if (at >= 0) items.splice(at, count)
  }
  return items.join(' ').trim()
}

/**
 * An MTL with only its colour statements: the viewer draws an OBJ in its materials' colours and never
 * loads a texture (the loader would fetch it with the viewer's rights). A texture that points outside
 * the model's folder is still named as refused, so the viewer can say what the file asked for.
 */
export function colourOnlyMaterials(mtl: string, reader: ReferenceReader): string {
  const kept: string[] = []
  for (const raw of mtl.split(/\r\n|\r|\n/)) {
    const line = raw.trim()
    const space = line.search(/\s/)
    const key = (space < 0 ? line : line.slice(0, space)).toLowerCase()
    if (colourStatements.has(key)) kept.push(line)
    else if (isTextureStatement(key) && space > 0) {
      const path = texturePath(line.slice(space).trim())
      if (path) reader.check(path, 'name')
    }
  }
  return kept.join('\n')
}

/** The colours of the material libraries an OBJ names, each read through the reader; null when there are none. */
export async function objMaterials(obj: ArrayBuffer, reader: ReferenceReader): Promise<string | null> {
  const head = new TextDecoder().decode(new Uint8Array(obj, 0, Math.min(obj.byteLength, OBJ_MATERIAL_SCAN_BYTES)))
  const materials: string[] = []
  for (const name of objMaterialLibraries(head)) {
    const file = await reader.read(name, 'name')
    if (file) materials.push(colourOnlyMaterials(new TextDecoder().decode(file.bytes), reader))
  }
  return materials.length ? materials.join('\n') : null
}
