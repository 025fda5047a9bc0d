import path from 'node:path'
import type { Env } from '../../core/env'
import type { BlobStore } from './blob-store'
import { createDiskBlobStore } from './disk-blob-store'
import { createS3BlobStore } from './s3-blob-store'

/** The configured store: the S3 bucket when S3_BUCKET is set, DATA_DIR/files otherwise. */
export function createBlobStore(env: Env): BlobStore {
  return env.S3_BUCKET
    ? createS3BlobStore({
        bucket: env.S3_BUCKET,
        endpoint: env.S3_ENDPOINT,
        region: env.S3_REGION,
        accessKeyId: env.S3_ACCESS_KEY_ID!,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
      })
    : createDiskBlobStore(diskStoreRoot(env.dataDir))
}

/** Where the disk store keeps files. */
export function diskStoreRoot(dataDir: string) {
  return path.join(dataDir, 'files')
}
