import type { Readable } from 'node:stream'

/**
 * Where file bytes live: local disk under DATA_DIR by default, an S3-compatible bucket when S3_* is set.
 * Keys are storage paths (server/services/files/storage-path.ts). Metadata and visibility live in the
 * stored_file table; the store only holds bytes. Registered as ctx.services.storage.
 */
export interface BlobStore {
  kind: 'disk' | 's3'
  /** Streams a file in, replacing any file at that key only once the whole body is written. */
  put(key: string, body: Readable, options: { contentType: string }): Promise<{ size: number; eTag: string }>
  /**
   * Moves a complete local file (a finished upload) into the store; the source is gone afterwards.
   * On disk this is a rename, so a large upload is not copied.
   */
  putFile(key: string, sourcePath: string, options: { contentType: string }): Promise<{ size: number; eTag: string }>
  /**
   * Streams a file of known length in (the bytes of an upload kept elsewhere until now), replacing any
   * file at that key only once the whole body is written.
   */
  putStream(key: string, body: Readable, options: { contentType: string; contentLength: number }): Promise<{ size: number; eTag: string }>
  /** The size and entity tag of the file at `key`, or null when absent. */
  stat(key: string): Promise<{ size: number; eTag: string } | null>
  /** The file's bytes, or null when absent. */
  get(key: string): Promise<Readable | null>
  /**
   * The file's bytes with the size and eTag of that same version (what `put` returned when it was
   * stored, unless the bytes were rewritten since), or null when absent. Used by backups to tell
   * whether the bytes are those the stored_file row describes.
   */
  open(key: string): Promise<OpenedBlob | null>
  /** Every complete file's key, in no particular order (files still being written are left out). */
  list(): AsyncIterable<string>
  delete(key: string): Promise<void>
  /**
   * Removes every file under a folder (`prefix` ends with "/"), whether or not the stored_file table
   * knows it (a half-written temporary file, a file recorded by a transaction that rolled back).
   * Returns the keys it removed.
   */
  deleteFolder(prefix: string): Promise<string[]>
}

export interface OpenedBlob {
  body: Readable
  size: number
  eTag: string
}
