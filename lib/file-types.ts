import { previewMimeTypes } from './catalogue'
import { formatSize } from './format'

/**
 * Every file type the site knows, in one list: what a picker offers (`accept`), what the browser
 * checks before a byte is sent, what the server accepts when an upload is created and checks in the
 * content once it is complete, the type a stored file is served as, the extension the storage keeps
 * when it names a file itself, and which parser the viewer opens it with. A file whose name matches
 * no entry is refused on upload and never previewed.
 *
 * Adding a format is one entry here (and, for a previewed one, its parser in the viewer, which
 * refuses to compile without it). `file-types.test.ts` fails when an entry lacks any part.
 */

/** How the portal shows a file: in the viewer (3D, simulation results or 2D), in a new tab, or only as a download. */
export type PreviewFamily = '3d-cad' | 'mesh' | 'results' | '2d' | 'image' | 'video' | 'pdf' | 'none'

/**
 * Which reader opens a file. The viewer's parsers (the first group) each have an implementation in
 * app/features/model-preview; `browser` is the browser's own (a new tab or a download); `none` means
 * only downloaded.
 */
export const viewerParsers = ['occt-step', 'occt-iges', 'occt-brep', 'web-ifc', 'three-stl', 'three-obj', 'three-ply', 'three-gltf', 'three-glb', 'three-3mf', 'vtk-result', 'vtk-series', 'dxf'] as const
export type ViewerParser = (typeof viewerParsers)[number]
export type ParserId = ViewerParser | 'browser' | 'none'

/**
 * The size a file of this type may have: `upload` is bounded by the upload limit only; `preview`
 * files are also opened in the viewer up to the preview limit, and downloaded above it.
 */
export type SizeLimitClass = 'upload' | 'preview'

export type FileIcon = 'image' | 'video' | 'pdf' | 'document' | 'spreadsheet' | 'presentation' | 'model' | 'cad' | 'drawing' | 'archive' | 'text' | 'code'

/** How the content of a type is recognised from its first bytes (CONTENT_SNIFF_BYTES). */
export interface ContentCheck {
  /** The MIME types a content sniffer (file-type on the server) may report for this format. */
  detected: readonly string[]
  /**
   * What the first bytes must say, for formats the sniffer does not know or knows only as their
   * container. The file is refused when this is false, or when the sniffer recognises it as
   * something not in `detected`.
   */
  sniff?: (head: Uint8Array) => boolean
  /** Content the sniffer does not recognise is taken (text formats, formats with no signature). */
  undetectable?: boolean
}

/** Groups in the order the accepted types are described to a person. */
const groups = {
  images: 'images',
  video: 'video',
  pdf: '',
  word: 'Word',
  excel: 'Excel',
  powerpoint: 'PowerPoint',
  models: 'CAD models',
  native: 'native CAD files, downloaded only',
  drawings: 'drawings',
  results: 'simulation results',
  max: '',
  archives: '',
  text: 'text',
  web: 'HTML, CSS and JS (downloaded only)',
} as const
type Group = keyof typeof groups

export interface FileType {
  /** Short name shown to people ("STEP", "SolidWorks"). */
  label: string
  group: Group
  /** Lower-case, without the dot. */
  extensions: readonly string[]
  /** The extension may carry a version number after it ("bracket.prt.3"), as Creo saves. */
  numberedVersions?: boolean
  /** The first is the type a stored file is served as; all are types a browser may report. */
  mimeTypes: readonly string[]
  content: ContentCheck
  sizeLimit: SizeLimitClass
  preview: PreviewFamily
  icon: FileIcon
  parser: ParserId
}

const latin1 = (head: Uint8Array) => new TextDecoder('latin1').decode(head)
const startsWith = (head: Uint8Array, bytes: readonly number[]) => bytes.every((b, i) => head[i] === b)
/** Text: no NUL byte in what was read. */
const isText = (head: Uint8Array) => !head.includes(0)
/** Binary content: a NUL byte in the first bytes (no text format has one). */
const isBinary = (head: Uint8Array) => head.includes(0)
/** An OLE compound file (Microsoft's structured storage), the container of many CAD programs. */
export const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] as const
const isOle = (head: Uint8Array) => startsWith(head, OLE_MAGIC)
/** A zip archive (a local file header, or the end record of an empty archive). */
const isZip = (head: Uint8Array) => startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])
/** ISO 10303-21 (STEP, and IFC, which is written in it). */
const isStepFile = (head: Uint8Array) => /^\s*ISO-10303-21;/.test(latin1(head))
/** IGES: 80-column records, the first of which is a Start (S) or, in the compressed form, a Flag (C/B) record. */
const isIges = (head: Uint8Array) => isText(head) && /^.{72}[SCBG]\s{0,7}\d+\r?$/m.test(latin1(head).split('\n')[0] ?? '')
/** OpenCascade's BREP text format. */
const isBrep = (head: Uint8Array) => /^\s*(DBRep_DrawableShape|CASCADE Topology V\d)/.test(latin1(head))
/** ASCII STL starts "solid"; binary STL is an 80-byte header, then a facet count (at least 84 bytes). */
const isStl = (head: Uint8Array) => (/^\s*solid/.test(latin1(head.subarray(0, 80))) && isText(head)) || head.length >= 84
const isPly = (head: Uint8Array) => /^ply\r?\n/.test(latin1(head))
const isGltfJson = (head: Uint8Array) => isText(head) && /^\s*\{/.test(latin1(head))
const isGlb = (head: Uint8Array) => latin1(head.subarray(0, 4)) === 'glTF'
/** CATIA V5 documents start with "V5_CFV2". */
const isCatiaV5 = (head: Uint8Array) => latin1(head.subarray(0, 7)) === 'V5_CFV2'
/** Creo (Pro/ENGINEER) parts, assemblies and drawings start "#UGC:" ("#UGC:2 PART ..."). */
const isCreo = (head: Uint8Array) => latin1(head.subarray(0, 5)) === '#UGC:'
/** A VTK XML file's type: an XML declaration and comments at most, then its VTKFile element. */
const vtkXmlType = (head: Uint8Array) => /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<VTKFile\s[^>]*\btype\s*=\s*["'](\w+)["']/.exec(latin1(head))?.[1]
const isVtkXml = (type: string) => (head: Uint8Array) => vtkXmlType(head) === type
/** A legacy VTK file starts with its version line. */
const isVtkLegacy = (head: Uint8Array) => /^# vtk DataFile Version \d/.test(latin1(head))

const cfb = ['application/x-cfb'] as const
const zip = ['application/zip'] as const
const none: readonly string[] = []

/**
 * Native CAD files: kept and downloaded, never previewed (their formats are their vendors' own).
 * None has a registered MIME type, so they are served as plain bytes.
 */
const nativeCad = (label: string, extensions: string[], content: ContentCheck, extra: Partial<FileType> = {}): FileType => ({
  label,
  group: 'native',
  extensions,
  mimeTypes: ['application/octet-stream'],
  content,
  sizeLimit: 'upload',
  preview: 'none',
  icon: 'cad',
  parser: 'none',
  ...extra,
})

const image = (label: string, extensions: string[], mime: string): FileType => ({
  label,
  group: 'images',
  extensions,
  mimeTypes: [mime],
  content: { detected: [mime] },
  sizeLimit: 'upload',
  preview: 'image',
  icon: 'image',
  parser: 'browser',
})

const video = (label: string, extensions: string[], mimeTypes: string[], detected: string[]): FileType => ({
  label,
  group: 'video',
  extensions,
  mimeTypes,
  content: { detected },
  sizeLimit: 'upload',
  preview: 'video',
  icon: 'video',
  parser: 'none',
})

const model = (label: string, extensions: string[], mimeTypes: string[], content: ContentCheck, preview: '3d-cad' | 'mesh', parser: ViewerParser): FileType => ({
  label,
  group: 'models',
  extensions,
  mimeTypes,
  content,
  sizeLimit: 'preview',
  preview,
  icon: 'model',
  parser,
})

/** Simulation results (VTK): previewed in the viewer with their fields; no registered MIME type, so served as plain bytes. */
const result = (label: string, extension: string, content: ContentCheck, parser: 'vtk-result' | 'vtk-series' = 'vtk-result'): FileType => ({
  label,
  group: 'results',
  extensions: [extension],
  mimeTypes: ['application/octet-stream'],
  content,
  sizeLimit: 'preview',
  preview: 'results',
  icon: 'model',
  parser,
})
const xml = ['application/xml', 'text/xml'] as const

const download = (label: string, group: Group, extensions: string[], mimeTypes: string[], content: ContentCheck, icon: FileIcon, parser: ParserId = 'none'): FileType => ({
  label,
  group,
  extensions,
  mimeTypes,
  content,
  sizeLimit: 'upload',
  preview: 'none',
  icon,
  parser,
})

export const fileTypes: readonly FileType[] = [
  image('JPEG', ['jpg', 'jpeg'], 'image/jpeg'),
  image('PNG', ['png'], 'image/png'),
  image('GIF', ['gif'], 'image/gif'),
  image('WebP', ['webp'], 'image/webp'),
  video('MP4', ['mp4'], ['video/mp4'], ['video/mp4', 'video/quicktime', 'video/x-m4v']),
  video('MOV', ['mov'], ['video/quicktime'], ['video/quicktime', 'video/mp4']),
  video('WebM', ['webm'], ['video/webm'], ['video/webm']),
  video('AVI', ['avi'], ['video/x-msvideo', 'video/avi', 'video/vnd.avi'], ['video/vnd.avi', 'video/x-msvideo']),
  { ...download('PDF', 'pdf', ['pdf'], ['application/pdf'], { detected: ['application/pdf'] }, 'pdf', 'browser'), preview: 'pdf' },
  download('DOC', 'word', ['doc'], ['application/msword'], { detected: cfb }, 'document'),
  download('DOCX', 'word', ['docx'], ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'], { detected: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', ...zip] }, 'document'),
  download('XLSX', 'excel', ['xlsx'], ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'], { detected: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ...zip] }, 'spreadsheet'),
  download('PPTX', 'powerpoint', ['pptx'], ['application/vnd.openxmlformats-officedocument.presentationml.presentation'], { detected: ['application/vnd.openxmlformats-officedocument.presentationml.presentation', ...zip] }, 'presentation'),
  model('STEP', ['step', 'stp'], ['model/step', 'application/step'], { detected: none, sniff: isStepFile }, '3d-cad', 'occt-step'),
  model('IGES', ['iges', 'igs'], ['model/iges', 'application/iges'], { detected: none, sniff: isIges }, '3d-cad', 'occt-iges'),
  model('BREP', ['brep'], ['application/octet-stream'], { detected: none, sniff: isBrep }, '3d-cad', 'occt-brep'),
  model('STL', ['stl'], ['model/stl', 'application/sla', 'application/vnd.ms-pki.stl'], { detected: ['model/stl'], sniff: isStl }, 'mesh', 'three-stl'),
  model('OBJ', ['obj'], ['model/obj'], { detected: none, undetectable: true, sniff: isText }, 'mesh', 'three-obj'),
  // An OBJ's materials: read by the viewer with the OBJ that names them, never opened alone.
  { label: 'MTL', group: 'models', extensions: ['mtl'], mimeTypes: ['model/mtl'], content: { detected: none, undetectable: true, sniff: isText }, sizeLimit: 'upload', preview: 'none', icon: 'model', parser: 'none' },
  model('glTF', ['gltf'], ['model/gltf+json'], { detected: ['model/gltf+json', 'application/json'], sniff: isGltfJson }, 'mesh', 'three-gltf'),
  model('GLB', ['glb'], ['model/gltf-binary'], { detected: ['model/gltf-binary'], sniff: isGlb }, 'mesh', 'three-glb'),
  model('3MF', ['3mf'], ['model/3mf', 'application/vnd.ms-package.3dmanufacturing-3dmodel+xml'], { detected: ['model/3mf', ...zip] }, 'mesh', 'three-3mf'),
  model('PLY', ['ply'], ['model/ply', 'application/ply'], { detected: none, sniff: isPly }, 'mesh', 'three-ply'),
  model('IFC', ['ifc'], ['model/ifc', 'application/x-step'], { detected: none, sniff: isStepFile }, '3d-cad', 'web-ifc'),
  result('VTU', 'vtu', { detected: xml, sniff: isVtkXml('UnstructuredGrid') }),
  result('VTP', 'vtp', { detected: xml, sniff: isVtkXml('PolyData') }),
  result('VTK', 'vtk', { detected: none, sniff: isVtkLegacy }),
  // A ParaView series: the steps' .vtu/.vtp files beside it, read by the viewer as the series' references.
  result('PVD', 'pvd', { detected: xml, sniff: isVtkXml('Collection') }, 'vtk-series'),
  // A ParaView scene export: a zip of the scene's JSON and its arrays, read as one mesh.
  result('VTKJS', 'vtkjs', { detected: zip, sniff: isZip }),
  // SolidWorks wrote OLE compound files until 2014 and its own binary format since 2015, which has
  // no published signature: an OLE file, or binary content not recognised as anything else.
  nativeCad('SolidWorks', ['sldprt', 'sldasm', 'slddrw'], { detected: cfb, sniff: (h) => isOle(h) || isBinary(h) }),
  nativeCad('Inventor', ['ipt', 'iam', 'idw'], { detected: cfb, sniff: isOle }),
  nativeCad('Fusion', ['f3d', 'f3z'], { detected: zip, sniff: isZip }),
  nativeCad('CATIA', ['catpart', 'catproduct', 'catdrawing'], { detected: none, sniff: isCatiaV5 }),
  // ".prt" is an NX part (a binary format with no published signature) or a Creo part whose
  // version number was dropped; ".asm" a Solid Edge assembly (an OLE file) or such a Creo assembly.
  nativeCad('NX', ['prt'], { detected: cfb, sniff: (h) => isCreo(h) || isBinary(h) }),
  nativeCad('Creo', ['prt', 'asm', 'drw'], { detected: none, sniff: isCreo }, { numberedVersions: true }),
  nativeCad('Solid Edge', ['par', 'psm', 'asm', 'dft'], { detected: cfb, sniff: (h) => isOle(h) || isCreo(h) }),
  download('DWG', 'drawings', ['dwg'], ['image/vnd.dwg', 'application/acad', 'application/x-dwg'], { detected: ['image/vnd.dwg'], undetectable: true }, 'drawing'),
  { label: 'DXF', group: 'drawings', extensions: ['dxf'], mimeTypes: ['image/vnd.dxf', 'application/dxf'], content: { detected: none, undetectable: true }, sizeLimit: 'preview', preview: '2d', icon: 'drawing', parser: 'dxf' },
  download('MAX', 'max', ['max'], ['application/x-3ds-max'], { detected: cfb, undetectable: true }, 'model'),
  download('ZIP', 'archives', ['zip'], ['application/zip', 'application/x-zip-compressed'], { detected: zip }, 'archive'),
  download('TXT', 'text', ['txt'], ['text/plain'], { detected: none, undetectable: true }, 'text', 'browser'),
  download('CSV', 'text', ['csv'], ['text/csv'], { detected: none, undetectable: true }, 'spreadsheet'),
  // Stored and listed, but never served as a page, style or script (the server sends them as text).
  download('HTML', 'web', ['html'], ['text/html'], { detected: none, undetectable: true }, 'code', 'browser'),
  download('CSS', 'web', ['css'], ['text/css'], { detected: none, undetectable: true }, 'code', 'browser'),
  download('JS', 'web', ['js'], ['text/javascript', 'application/javascript'], { detected: none, undetectable: true }, 'code', 'browser'),
]

/** The upload areas as the browser and the server name them (server/storage/README.md). */
export type UploadArea = 'profile-pictures' | 'picture-submissions' | 'user-box' | 'job-files' | 'job-deliverables' | 'job-messages' | 'blog-images'

const imageAreas: readonly UploadArea[] = ['profile-pictures', 'picture-submissions', 'blog-images']

export function isImageArea(area: UploadArea): boolean {
  return imageAreas.includes(area)
}

/** The types an area takes: pictures only where a picture is shown, everything else elsewhere. */
export function typesOfArea(area: UploadArea): readonly FileType[] {
  return isImageArea(area) ? fileTypes.filter((t) => t.preview === 'image') : fileTypes
}

export const IMAGES_ONLY_MESSAGE = `Only images can be uploaded here (${describeTypes(fileTypes.filter((t) => t.preview === 'image'), true)})`
export const TYPE_NOT_ALLOWED_MESSAGE = 'This file type is not allowed'
export const TYPE_MISMATCH_MESSAGE = 'The file content does not match its type'

/** A file's name, lower-case, without folders. */
function baseName(fileName: string): string {
  return (fileName.split('/').pop() ?? fileName).toLowerCase()
}

/**
 * The extension of a file name as the registry knows it: "prt.3" for a numbered Creo version,
 * else the part after the last dot ("" when there is none).
 */
export function extensionOf(fileName: string): string {
  const base = baseName(fileName)
  const numbered = /\.([a-z0-9]+)\.(\d+)$/.exec(base)
  if (numbered && numbered.index > 0 && fileTypes.some((t) => t.numberedVersions && t.extensions.includes(numbered[1]!))) {
    return `${numbered[1]}.${numbered[2]}`
  }
  const dot = base.lastIndexOf('.')
  return dot > 0 ? base.slice(dot + 1) : ''
}

/** The registered type of a file name, or null when no entry matches (then it is refused and downloaded only). */
export function fileTypeOf(fileName: string): FileType | null {
  const ext = extensionOf(fileName)
  if (!ext) return null
  const numbered = /^([a-z0-9]+)\.\d+$/.exec(ext)
  if (numbered) return fileTypes.find((t) => t.numberedVersions && t.extensions.includes(numbered[1]!)) ?? null
  return fileTypes.find((t) => !t.numberedVersions && t.extensions.includes(ext)) ?? null
}

/** The type a stored file is served as, from its name only (never what its uploader declared). */
export function contentTypeOf(fileName: string): string {
  return fileTypeOf(fileName)?.mimeTypes[0] ?? 'application/octet-stream'
}

/** The type of a file in the list: its extension in capitals ("PDF", "SLDPRT"), or "File". */
export function fileTypeLabel(fileName: string): string {
  const ext = extensionOf(fileName)
  return ext ? ext.toUpperCase() : 'File'
}

/** jpeg, png, gif, pdf, plain text, html, css and javascript open in a new tab (the last three as source text); the rest download. */
export function opensInNewTab(fileName: string): boolean {
  const type = fileTypeOf(fileName)
  return type !== null && type.parser === 'browser' && (previewMimeTypes as readonly string[]).includes(type.mimeTypes[0]!)
}

/** The area's type for a name, or null when the area refuses it. */
export function areaTypeOf(area: UploadArea, fileName: string): FileType | null {
  const type = fileTypeOf(fileName)
  return type && typesOfArea(area).includes(type) ? type : null
}

export function acceptsFileName(area: UploadArea, fileName: string): boolean {
  return areaTypeOf(area, fileName) !== null
}

/**
 * The picker's `accept` attribute: the extensions only. A MIME type there would also offer every
 * other extension of that type (image/jpeg brings .jfif), which the server refuses by name. A
 * numbered version (".prt.3") cannot be written there: such files are taken when dropped.
 */
export function acceptAttribute(area: UploadArea): string {
  const plain = typesOfArea(area).filter((t) => !t.numberedVersions)
  return [...new Set(plain.flatMap((t) => t.extensions))].map((e) => `.${e}`).join(',')
}

function describeTypes(types: readonly FileType[], bare = false): string {
  const byGroup = new Map<Group, string[]>()
  for (const t of types) byGroup.set(t.group, [...(byGroup.get(t.group) ?? []), t.label])
  const parts = [...byGroup].map(([group, labels]) => {
    const words = groups[group]
    if (group === 'web') return words
    if (group === 'models' && labels.includes('OBJ') && labels.includes('MTL')) labels = labels.filter((l) => l !== 'MTL').map((l) => (l === 'OBJ' ? 'OBJ with MTL' : l))
    return bare || !words ? labels.join(', ') : `${words} (${labels.join(', ')})`
  })
  if (bare) return parts.join(', ').replace(/, ([^,]+)$/, ' or $1')
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} or ${parts.at(-1)}` : (parts[0] ?? '')
}

/** The accepted types in words ("JPEG, PNG, GIF or WebP"). */
export function describeAcceptedTypes(area: UploadArea): string {
  return describeTypes(typesOfArea(area), isImageArea(area))
}

/** Why an area refuses a file of this name, or null when it takes it. */
export function fileNameRefusal(area: UploadArea, fileName: string): string | null {
  if (acceptsFileName(area, fileName)) return null
  return isImageArea(area) ? IMAGES_ONLY_MESSAGE : TYPE_NOT_ALLOWED_MESSAGE
}

/**
 * Whether the type a browser reported fits the name: an image type must be the extension's own
 * (a ".png" reported as "image/svg+xml" is refused); other reports are advisory, as browsers
 * disagree about them (a DWG is "", "application/acad" or "image/vnd.dwg").
 */
export function declaredTypeFits(area: UploadArea, fileName: string, declaredType: string | null | undefined): boolean {
  if (!declaredType || !declaredType.startsWith('image/')) return true
  const expected = areaTypeOf(area, fileName)?.mimeTypes ?? []
  if (!expected.some((t) => t.startsWith('image/'))) return !isImageArea(area)
  return expected.includes(declaredType) || (declaredType === 'image/jpg' && expected.includes('image/jpeg'))
}

/**
 * The browser's check before an upload starts: why this file would be refused (named, with the
 * reason), or null. The server checks the same entries again, and the content once it has the bytes.
 */
export function checkFileBeforeUpload(area: UploadArea, file: { name: string; type?: string; size: number }, maxBytes: number): string | null {
  const refusal = fileNameRefusal(area, file.name)
  if (refusal) return `${file.name}: ${isImageArea(area) ? refusal : `this file type is not accepted. Please choose ${describeAcceptedTypes(area)}`}`
  if (!declaredTypeFits(area, file.name, file.type)) return `${file.name}: ${TYPE_MISMATCH_MESSAGE.toLowerCase()} (${file.type})`
  if (file.size > maxBytes) return `${file.name}: the file is larger than the upload limit of ${formatSize(maxBytes)}`
  return null
}

/** What the viewer shows: a 3D model or a 2D drawing. */
export type PreviewKind = 'model' | 'drawing'
/** What the viewer shows of a deliverable's revision: a model, a drawing, or a document's pages (a PDF). */
export type ViewerKind = PreviewKind | 'document'

/** Whether the viewer opens a file, and as what; null for every file it has no parser for. */
export function previewKindOf(fileName: string): PreviewKind | null {
  const type = fileTypeOf(fileName)
  if (!type || type.sizeLimit !== 'preview') return null
  if (type.preview === '3d-cad' || type.preview === 'mesh' || type.preview === 'results') return 'model'
  if (type.preview === '2d') return 'drawing'
  return null
}

/**
 * Whether the viewer opens a deliverable's revision, and as what: a model or a drawing as anywhere,
 * and a PDF's pages, on which the revision's comments are pinned (elsewhere a PDF opens in the
 * browser's own tab).
 */
export function revisionViewerKindOf(fileName: string): ViewerKind | null {
  return previewKindOf(fileName) ?? (fileTypeOf(fileName)?.preview === 'pdf' ? 'document' : null)
}

/** The viewer's parser for a file, or null when it has none (never a guess from another format). */
export function viewerParserOf(fileName: string): ViewerParser | null {
  const parser = fileTypeOf(fileName)?.parser
  return parser && (viewerParsers as readonly string[]).includes(parser) ? (parser as ViewerParser) : null
}

/** The units a model's numbers are in: B-rep and IFC files are read in millimetres, glTF is in metres by its definition, 3MF says its own (millimetres by default); STL, OBJ, PLY and VTK results store none, and CAD and FEA exports are read in millimetres. */
export function modelUnitsOf(fileName: string): { unit: 'mm' | 'm'; stored: boolean } {
  const parser = viewerParserOf(fileName)
  if (parser === 'three-gltf' || parser === 'three-glb') return { unit: 'm', stored: true }
  if (parser === 'three-stl' || parser === 'three-obj' || parser === 'three-ply' || parser === 'vtk-result' || parser === 'vtk-series') return { unit: 'mm', stored: false }
  return { unit: 'mm', stored: true }
}
