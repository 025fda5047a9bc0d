import { createReadStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { Readable } from 'node:stream'
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3'
import type { BlobStore } from './blob-store'

export interface S3BlobStoreOptions {
  bucket: string
  endpoint?: string
  region?: string
  accessKeyId: string
  secretAccessKey: string
}

/** Parts of 16 MiB: few requests for a large file, bounded memory (one part in flight). */
const PART_SIZE = 16 * 1024 * 1024
/** The largest object S3 takes in one PUT. */
const SINGLE_PUT_MAX_BYTES = 5 * 1024 ** 3

/**
 * An S3-compatible bucket (path-style addressing, so MinIO, s3rver, Ceph work). Large bodies go up as a
 * multipart upload, which S3 makes visible only on CompleteMultipartUpload; a failure aborts it.
 */
export interface S3BlobStore extends BlobStore {
  client: S3Client
  /**
   * Aborts multipart uploads started more than `olderThanMs` ago and never completed (a process that
   * died while storing a file over 5 GiB leaves one, and the bucket keeps and bills its parts).
   * Returns how many were aborted; 0 where the server does not list multipart uploads.
   */
  abortStaleMultipartUploads(olderThanMs: number): Promise<number>
}

export function createS3BlobStore(options: S3BlobStoreOptions): S3BlobStore {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region ?? 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Checksums only where S3 requires them: a streamed body is then sent as it is, with its length,
    // rather than in the aws-chunked encoding that some S3-compatible servers store verbatim.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const Bucket = options.bucket

  async function put(key: string, body: Readable, { contentType }: { contentType: string }) {
    let uploadId: string | undefined
    const parts: { ETag: string; PartNumber: number }[] = []
    let buffered: Buffer[] = []
    let bufferedBytes = 0
    let size = 0
    const flush = async () => {
      const chunk = Buffer.concat(buffered, bufferedBytes)
      buffered = []
      bufferedBytes = 0
      if (!uploadId) {
        const created = await client.send(new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }))
        uploadId = created.UploadId!
      }
      const PartNumber = parts.length + 1
      const res = await client.send(new UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber, Body: chunk, ContentLength: chunk.length }))
      parts.push({ ETag: res.ETag!, PartNumber })
    }
    try {
      for await (const data of body) {
        const buf = Buffer.isBuffer(data) ? data : Buffer.from(data as Uint8Array)
        buffered.push(buf)
        bufferedBytes += buf.length
        size += buf.length
        if (bufferedBytes >= PART_SIZE) await flush()
      }
      if (!uploadId) {
        // Small file: one PUT.
        const chunk = Buffer.concat(buffered, bufferedBytes)
        const res = await client.send(new PutObjectCommand({ Bucket, Key: key, Body: chunk, ContentLength: chunk.length, ContentType: contentType }))
        return { size, eTag: res.ETag ?? '' }
      }
      if (bufferedBytes > 0) await flush()
      const done = await client.send(new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } }))
      return { size, eTag: done.ETag ?? '' }
    } catch (error) {
      if (uploadId) await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId })).catch(() => {})
      throw error
    }
  }

  async function getObject(key: string) {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: key }))
    } catch (error) {
      const name = (error as { name?: string }).name
      if (name === 'NoSuchKey' || name === 'NotFound') return null
      throw error
    }
  }

  return {
    kind: 's3',
    client,
    put,
    async putFile(key, sourcePath, opts) {
      const result = await put(key, createReadStream(sourcePath), opts)
      await rm(sourcePath, { force: true })
      return result
    },
    async abortStaleMultipartUploads(olderThanMs) {
      let aborted = 0
      let KeyMarker: string | undefined
      let UploadIdMarker: string | undefined
      do {
        let page
        try {
          page = await client.send(new ListMultipartUploadsCommand({ Bucket, KeyMarker, UploadIdMarker }))
        } catch (error) {
          const name = (error as { name?: string; Code?: string }).name
          if (name === 'NotImplemented' || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 501) return aborted
          throw error
        }
        for (const upload of page.Uploads ?? []) {
          if (!upload.Key || !upload.UploadId || !upload.Initiated || Date.now() - upload.Initiated.getTime() < olderThanMs) continue
          await client.send(new AbortMultipartUploadCommand({ Bucket, Key: upload.Key, UploadId: upload.UploadId }))
          aborted++
        }
        KeyMarker = page.IsTruncated ? page.NextKeyMarker : undefined
        UploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined
      } while (KeyMarker)
      return aborted
    },
    async putStream(key, body, { contentType, contentLength }) {
      // One request up to S3's single-request limit (nothing to abort if it is cut); parts beyond it.
      if (contentLength > SINGLE_PUT_MAX_BYTES) return put(key, body, { contentType })
      const res = await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentLength: contentLength, ContentType: contentType }))
      return { size: contentLength, eTag: res.ETag ?? '' }
    },
    async stat(key) {
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket, Key: key }))
        return { size: Number(res.ContentLength ?? 0), eTag: res.ETag ?? '' }
      } catch (error) {
        const name = (error as { name?: string }).name
        if (name === 'NoSuchKey' || name === 'NotFound') return null
        throw error
      }
    },
    async get(key) {
      return (await getObject(key))?.Body as Readable | null
    },
    async open(key) {
      // One GET: its body, length and ETag are of the same object version, whatever is written later.
      const res = await getObject(key)
      if (!res) return null
      return { body: res.Body as Readable, size: res.ContentLength ?? 0, eTag: res.ETag ?? '' }
    },
    async *list() {
      let ContinuationToken: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }))
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken)
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }))
    },
    async deleteFolder(prefix) {
      if (!prefix.endsWith('/')) throw new Error('Invalid storage folder')
      const removed: string[] = []
      let ContinuationToken: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }))
        for (const { Key } of page.Contents ?? []) {
          if (!Key) continue
          // One request per object: DeleteObjects is not implemented by every S3-compatible server.
          await client.send(new DeleteObjectCommand({ Bucket, Key }))
          removed.push(Key)
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken)
      return removed
    },
  }
}
