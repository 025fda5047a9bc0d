import { eq } from 'drizzle-orm'
import type { Database } from '../../db/open-database'
import { jobRequests } from '../../db/schema'

const JOB_FILE = /^job-files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/[^/]+$/i
/** The most files a job request lists (normaliseFiles refuses longer lists). */
const MAX_FILES = 500

/**
 * Keeps a job request's file list in step with its folder: a file finished uploading into
 * job-files/{id}/ is added, a deleted one removed. Runs inside the transaction that records the
 * file, after the caller's access check, so a closed browser tab loses no attachment.
 * Returns false when the path is in the folder of a job request that no longer exists.
 */
export async function syncJobRequestFiles(tx: Pick<Database, 'select' | 'update'>, path: string, change: 'add' | 'remove'): Promise<boolean> {
  const jobId = JOB_FILE.exec(path)?.[1]
  if (!jobId) return true
  const [job] = await tx.select({ files: jobRequests.files }).from(jobRequests).where(eq(jobRequests.id, jobId)).for('update').limit(1)
  if (!job) return false
  const files = parseList(job.files)
  let next: string[]
  if (change === 'add') {
    if (files.includes(path) || files.length >= MAX_FILES) return true
    next = [...files, path]
  } else {
    next = files.filter((f) => f !== path)
    if (next.length === files.length) return true
  }
  await tx.update(jobRequests).set({ files: JSON.stringify(next), updatedAt: new Date() }).where(eq(jobRequests.id, jobId))
  return true
}

function parseList(value: string | null): string[] {
  try {
    const list: unknown = JSON.parse(value ?? '[]')
    return Array.isArray(list) ? list.filter((f): f is string => typeof f === 'string') : []
  } catch {
    return []
  }
}
