import { resolveModelReference } from '../../../lib/model-references'

export interface RefusedReference {
  reference: string
  reason: string
}

export interface ReferencedFile {
  bytes: Uint8Array
  /** The media type, when the data: URI or the server names one. */
  type: string
}

/** A data: URI's bytes and media type (base64 or percent-encoded); null when it is malformed. */
export function decodeDataUri(uri: string): ReferencedFile | null {
  const comma = uri.indexOf(',')
  if (comma < 0) return null
  const meta = uri.slice(5, comma)
  const payload = uri.slice(comma + 1)
  const type = meta.split(';')[0]!.trim().toLowerCase()
  try {
    if (/;base64$/i.test(meta)) {
      const binary = atob(payload.replace(/\s+/g, ''))
      const bytes = new Uint8Array(binary.length)
      for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
      return { bytes, type }
    }
    const encoder = new TextEncoder()
    const parts = payload.split(/(%[0-9a-fA-F]{2})/).map((part) => (/^%[0-9a-fA-F]{2}$/.test(part) ? Uint8Array.of(parseInt(part.slice(1), 16)) : encoder.encode(part)))
    const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
    let at = 0
    for (const part of parts) {
      bytes.set(part, at)
      at += part.length
    }
    return { bytes, type }
  } catch {
    return null
  }
}

function reasonFor(status: number | undefined): string {
  if (status === 404) return "not found in this model's folder"
  if (status === 401 || status === 403) return 'not a file uploaded with this model by the same person'
  if (status === 400) return "not a file name of this model's folder"
  return 'could not be read'
}

/**
 * Reads the files one model names (its references), for that model's preview only. A data: URI is
 * decoded in place; a file of the model's own folder is asked of the server as the model's reference
 * (`/files/{model}?reference={name}`), which checks that the model's uploader uploaded it and may
 * read it, so the viewer's own rights never widen what a model can reach. Anything else is refused
 * without a request. What was followed and what was refused are kept: the view names the refused
 * ones, and a preview that followed or refused anything never becomes the file's thumbnail.
 */
export class ReferenceReader {
  readonly followed: string[] = []
  readonly refused: RefusedReference[] = []
  private readonly cache = new Map<string, Promise<ReferencedFile | null>>()

  constructor(
    private readonly modelUrl: string,
    private readonly signal: AbortSignal,
  ) {}

  /** The referenced file's bytes, or null (with the reason kept) when it is refused or unreadable. */
  read(reference: string, form: 'uri' | 'name'): Promise<ReferencedFile | null> {
    const key = `${form}:${reference}`
    let pending = this.cache.get(key)
    if (!pending) {
      pending = this.fetchReference(reference, form)
      this.cache.set(key, pending)
    }
    return pending
  }

  /** A reference the viewer does not read (an OBJ material's texture): named when it points outside the folder. */
  check(reference: string, form: 'uri' | 'name'): void {
    const verdict = resolveModelReference(reference, form)
    if (verdict.kind === 'refused') this.refuse(reference, verdict.reason)
  }

  private refuse(reference: string, reason: string): null {
    if (!this.refused.some((r) => r.reference === reference)) this.refused.push({ reference, reason })
    return null
  }

  private async fetchReference(reference: string, form: 'uri' | 'name'): Promise<ReferencedFile | null> {
    const verdict = resolveModelReference(reference, form)
    if (verdict.kind === 'refused') return this.refuse(reference, verdict.reason)
    if (verdict.kind === 'data') return decodeDataUri(reference) ?? this.refuse(reference.slice(0, 40) + '…', 'an unreadable data: URI')
    const url = new URL(this.modelUrl, location.href)
    // The model's own address on this site, with the name as the reference: nothing else is asked.
    if (url.origin !== location.origin || !url.pathname.startsWith('/files/')) return this.refuse(reference, 'could not be read')
    url.search = ''
    url.searchParams.set('reference', verdict.name)
    let response: Response
    try {
      response = await fetch(url, { signal: this.signal, credentials: 'same-origin' })
    } catch (error) {
      if (this.signal.aborted) throw error
      return this.refuse(reference, reasonFor(undefined))
    }
    if (!response.ok) return this.refuse(reference, reasonFor(response.status))
    this.followed.push(reference)
    return { bytes: new Uint8Array(await response.arrayBuffer()), type: (response.headers.get('content-type') ?? '').split(';')[0]!.trim() }
  }
}
