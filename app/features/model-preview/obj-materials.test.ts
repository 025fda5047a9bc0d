import { describe, expect, it } from 'vitest'
import { colourOnlyMaterials } from './obj-materials'
import { ReferenceReader } from './reference-reader'

describe('colourOnlyMaterials', () => {
  it("keeps an MTL's colours, drops every texture, and names the textures outside the folder", () => {
    const reader = new ReferenceReader('/files/user-box/owner/part.obj', new AbortController().signal)
    const mtl = ['newmtl steel', 'Kd 0.8 0.3 0.1', 'map_Kd -s 1 1 1 ../../user-box/other/private.png', 'bump wood.png', 'norm C:\\maps\\n.png', 'Ns 10'].join('\r\n')
    expect(colourOnlyMaterials(mtl, reader)).toBe('newmtl steel\nKd 0.8 0.3 0.1\nNs 10')
    expect(reader.refused.map((r) => r.reference)).toEqual(['../../user-box/other/private.png', 'C:\\maps\\n.png'])
    expect(reader.followed).toEqual([])
  })
})
