import type { Database } from '../../db/open-database'
import { getStorageUsage } from './get-storage-usage'
import { storageQuotaExceeded } from './storage-quota'

export interface CheckStorageQuotaOptions {
  /** The client whose quota it is. */
  ownerId: string
  /** Where the file goes: a file there now is replaced, so its size does not count. */
  path: string
  bytes: number
  quotaBytes: number
  /** The upload asking, whose own reservation is not counted twice. */
  uploadId?: string
  db?: Pick<Database, 'select'>
}

/** Throws the quota's refusal (PAYLOAD_TOO_LARGE) when `bytes` more would not fit in the client's quota. */
export async function checkStorageQuota({ ownerId, path, bytes, quotaBytes, uploadId, db }: CheckStorageQuotaOptions): Promise<void> {
  const used = await getStorageUsage({ ownerId, excludingPath: path, excludingUpload: uploadId, db })
  if (used + bytes > quotaBytes) throw storageQuotaExceeded(quotaBytes)
}
