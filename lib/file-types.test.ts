import { describe, expect, it } from 'vitest'
import {
  acceptAttribute,
  checkFileBeforeUpload,
  contentTypeOf,
  declaredTypeFits,
  describeAcceptedTypes,
  extensionOf,
  fileNameRefusal,
  fileTypeLabel,
  fileTypeOf,
  fileTypes,
  IMAGES_ONLY_MESSAGE,
  opensInNewTab,
  previewKindOf,
  revisionViewerKindOf,
  viewerParserOf,
  viewerParsers,
  type PreviewFamily,
} from './file-types'

const file = (name: string, type = '', size = 10) => ({ name, type, size })
const families: readonly PreviewFamily[] = ['3d-cad', 'mesh', 'results', '2d', 'image', 'video', 'pdf', 'none']
const viewerFamilies: readonly PreviewFamily[] = ['3d-cad', 'mesh', 'results', '2d']

describe('the file-type registry', () => {
  it('gives every registered type each of its parts', () => {
    for (const type of fileTypes) {
      const name = type.label
      expect(type.label.trim(), name).not.toBe('')
      expect(type.extensions.length, `${name}: extensions`).toBeGreaterThan(0)
      for (const ext of type.extensions) expect(ext, `${name}: extension`).toMatch(/^[a-z0-9]+$/)
      expect(type.mimeTypes.length, `${name}: MIME types`).toBeGreaterThan(0)
      for (const mime of type.mimeTypes) expect(mime, `${name}: MIME type`).toMatch(/^[a-z]+\/[a-z0-9.+-]+$/)
      // A content check: a sniffer's answer, a signature, or an explicit "no signature".
      expect(type.content.detected.length > 0 || typeof type.content.sniff === 'function' || type.content.undetectable === true, `${name}: content check`).toBe(true)
      expect(['upload', 'preview'], `${name}: size limit`).toContain(type.sizeLimit)
      expect(families, `${name}: preview family`).toContain(type.preview)
      expect(type.icon, `${name}: icon`).toBeTruthy()
      expect(type.parser, `${name}: parser`).toBeTruthy()
      // The viewer's families have a viewer parser and a preview size limit; no other type has either.
      const inViewer = viewerFamilies.includes(type.preview)
      expect((viewerParsers as readonly string[]).includes(type.parser), `${name}: viewer parser`).toBe(inViewer)
      expect(type.sizeLimit === 'preview', `${name}: preview limit`).toBe(inViewer)
    }
  })

  it('names each extension once (a numbered version apart from the plain one)', () => {
    const keys = fileTypes.flatMap((t) => t.extensions.map((e) => `${e}${t.numberedVersions ? '.N' : ''}`))
    expect(keys.length).toBe(new Set(keys).size)
    for (const type of fileTypes) for (const ext of type.extensions) expect(fileTypeOf(`sample.${ext}${type.numberedVersions ? '.1' : ''}`), ext).toBe(type)
  })

  it('knows the native CAD formats, Creo’s numbered versions among them, as downloads without preview', () => {
    const native = ['sldprt', 'sldasm', 'slddrw', 'ipt', 'iam', 'idw', 'f3d', 'f3z', 'catpart', 'catproduct', 'catdrawing', 'prt', 'par', 'psm', 'asm', 'dft', 'prt.1', 'asm.12', 'drw.3', 'zip']
    for (const ext of native) {
      const name = `Bracket.${ext.toUpperCase()}`
      expect(fileTypeOf(name), ext).not.toBeNull()
      expect(previewKindOf(name), ext).toBeNull()
      expect(viewerParserOf(name), ext).toBeNull()
      expect(opensInNewTab(name), ext).toBe(false)
      expect(fileNameRefusal('user-box', name), ext).toBeNull()
      expect(fileNameRefusal('profile-pictures', name), ext).toBe(IMAGES_ONLY_MESSAGE)
    }
    expect(fileTypeOf('bracket.prt.7')?.label).toBe('Creo')
    expect(fileTypeOf('bracket.prt')?.label).toBe('NX')
    expect(fileTypeOf('frame.asm')?.label).toBe('Solid Edge')
    expect(extensionOf('bracket.prt.7')).toBe('prt.7')
    expect(fileTypeLabel('bracket.prt.7')).toBe('PRT.7')
    expect(extensionOf('report.2024')).toBe('2024')
    expect(fileTypeOf('report.2024')).toBeNull()
    expect(fileTypeOf('bracket.sldprt.2')).toBeNull()
    expect(contentTypeOf('bracket.sldprt')).toBe('application/octet-stream')
    expect(describeAcceptedTypes('user-box')).toContain('native CAD files, downloaded only (SolidWorks, Inventor, Fusion, CATIA, NX, Creo, Solid Edge)')
  })

  it('previews simulation results in the viewer, a series by its own parser, and serves them as plain bytes', () => {
    for (const ext of ['vtu', 'vtp', 'vtk', 'vtkjs']) {
      expect(previewKindOf(`beam.${ext}`), ext).toBe('model')
      expect(viewerParserOf(`beam.${ext}`), ext).toBe('vtk-result')
      expect(contentTypeOf(`beam.${ext}`), ext).toBe('application/octet-stream')
    }
    expect(viewerParserOf('beam.PVD')).toBe('vtk-series')
    expect(opensInNewTab('beam.pvd')).toBe(false)
    expect(describeAcceptedTypes('job-files')).toContain('simulation results (VTU, VTP, VTK, PVD, VTKJS)')
    expect(fileNameRefusal('profile-pictures', 'beam.vtu')).toBe(IMAGES_ONLY_MESSAGE)
  })

  it('opens only what it has a parser for, and never reads an unknown file as another format', () => {
    expect(viewerParserOf('part.step')).toBe('occt-step')
    expect(viewerParserOf('part.IGS')).toBe('occt-iges')
    expect(viewerParserOf('plate.dxf')).toBe('dxf')
    expect(previewKindOf('plate.dxf')).toBe('drawing')
    expect(previewKindOf('cube.glb')).toBe('model')
    for (const name of ['part.xyz', 'part', 'part.dwg', 'part.mtl', 'part.sldprt', 'photo.png']) {
      expect(viewerParserOf(name), name).toBeNull()
      expect(previewKindOf(name), name).toBeNull()
    }
  })

  it("opens a deliverable revision's PDF as a document's pages, and a PDF elsewhere in the browser's own tab", () => {
    expect(revisionViewerKindOf('plan.pdf')).toBe('document')
    expect(revisionViewerKindOf('PLAN.PDF')).toBe('document')
    expect(previewKindOf('plan.pdf')).toBeNull()
    expect(opensInNewTab('plan.pdf')).toBe(true)
    expect(revisionViewerKindOf('plate.dxf')).toBe('drawing')
    expect(revisionViewerKindOf('cube.glb')).toBe('model')
    for (const name of ['photo.png', 'notes.docx', 'part.sldprt', 'plan.pdf.exe']) expect(revisionViewerKindOf(name), name).toBeNull()
  })

  it('derives the type shown and served from the extension', () => {
    expect(fileTypeLabel('plan.PDF')).toBe('PDF')
    expect(fileTypeLabel('user-box/u1/site.survey.dwg')).toBe('DWG')
    expect(fileTypeLabel('README')).toBe('File')
    expect(fileTypeLabel('.hidden')).toBe('File')
    expect(contentTypeOf('plan.pdf')).toBe('application/pdf')
    expect(contentTypeOf('part.stp')).toBe('model/step')
    expect(contentTypeOf('drawing.svg')).toBe('application/octet-stream')
  })

  it('opens jpeg, png, gif, pdf, text, html, css and javascript in a new tab and downloads the rest', () => {
    for (const name of ['a.jpg', 'a.jpeg', 'a.png', 'a.gif', 'a.pdf', 'a.txt', 'a.html', 'a.css', 'a.js']) expect(opensInNewTab(name), name).toBe(true)
    for (const name of ['a.zip', 'a.dwg', 'a.docx', 'a.mp4', 'a.webp', 'a.obj', 'a.svg']) expect(opensInNewTab(name), name).toBe(false)
  })
})

describe('accepted file types', () => {
  it('offers in the logo picker exactly the images the server keeps', () => {
    expect(acceptAttribute('profile-pictures')).toBe('.jpg,.jpeg,.png,.gif,.webp')
    expect(describeAcceptedTypes('profile-pictures')).toBe('JPEG, PNG, GIF or WebP')
    for (const name of ['logo.svg', 'logo.heic', 'logo.tiff', 'logo.bmp', 'logo.avif']) expect(fileNameRefusal('profile-pictures', name), name).toBe(IMAGES_ONLY_MESSAGE)
  })

  it('offers in the document pickers the types the server keeps, and no other video or image', () => {
    const accept = acceptAttribute('user-box').split(',')
    for (const ext of ['.pdf', '.docx', '.dwg', '.dxf', '.obj', '.max', '.zip', '.mp4', '.mov', '.webm', '.avi', '.png', '.txt', '.csv', '.sldprt', '.catpart', '.prt', '.asm']) expect(accept, ext).toContain(ext)
    expect(accept.length).toBe(new Set(accept).size)
    for (const name of ['clip.mkv', 'clip.m4v', 'clip.mpeg', 'photo.heic', 'drawing.svg', 'tool.exe', 'sheet.xls', 'noextension']) {
      expect(fileNameRefusal('user-box', name), name).not.toBeNull()
    }
    expect(acceptAttribute('job-files')).toBe(acceptAttribute('user-box'))
  })

  it('names a refused file with the reason before anything is sent', () => {
    expect(checkFileBeforeUpload('profile-pictures', file('logo.svg', 'image/svg+xml'), 1e6)).toBe(`logo.svg: ${IMAGES_ONLY_MESSAGE}`)
    expect(checkFileBeforeUpload('user-box', file('clip.mkv', 'video/x-matroska'), 1e6)).toMatch(/^clip\.mkv: this file type is not accepted\. Please choose images \(JPEG/)
    expect(checkFileBeforeUpload('user-box', file('big.pdf', 'application/pdf', 2e6), 1e6)).toBe('big.pdf: the file is larger than the upload limit of 1 MB')
    expect(checkFileBeforeUpload('profile-pictures', file('logo.png', 'image/svg+xml'), 1e6)).toBe('logo.png: the file content does not match its type (image/svg+xml)')
    expect(checkFileBeforeUpload('profile-pictures', file('logo.PNG', 'image/png'), 1e6)).toBeNull()
    expect(checkFileBeforeUpload('job-files', file('site.dwg', 'application/acad'), 1e6)).toBeNull()
    expect(checkFileBeforeUpload('job-files', file('bracket.sldprt', ''), 1e6)).toBeNull()
  })

  it('trusts a browser’s image type only when it is the extension’s own', () => {
    expect(declaredTypeFits('profile-pictures', 'a.jpg', 'image/jpeg')).toBe(true)
    expect(declaredTypeFits('profile-pictures', 'a.jpg', 'image/jpg')).toBe(true)
    expect(declaredTypeFits('profile-pictures', 'a.jpg', 'image/png')).toBe(false)
    expect(declaredTypeFits('user-box', 'a.pdf', 'application/pdf')).toBe(true)
    expect(declaredTypeFits('user-box', 'a.pdf', '')).toBe(true)
  })
})
