import { randomUUID } from 'node:crypto'
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils'
import { sql } from 'drizzle-orm'
import type { Database } from '../../db/open-database'

export interface UploadLockerOptions {
  db: Database
  /** A lock not renewed for this long is free again (its instance died). */
  leaseMs?: number
  /** How long a request waits for the lock before tus answers 500 (tus-js-client then retries). */
  acquireTimeoutMs?: number
}

/**
 * The tus request lock (one request per upload at a time) as a lease on the upload's row in
 * PostgreSQL, so it holds across instances without holding a database connection while a request
 * streams. The holder renews the lease while it works; a request that wants the lock marks the row,
 * and the holder is then asked to end its request (as tus wants, so a client that reconnects after a
 * dropped connection does not wait for a half-open one). A lock on an upload without a row protects
 * nothing: the request goes on and finds no upload (404).
 */
export function createUploadLocker({ db, leaseMs = 10_000, acquireTimeoutMs = 20_000 }: UploadLockerOptions): Locker {
  const leaseSql = sql.raw(`interval '${Math.ceil(leaseMs)} milliseconds'`)
  return {
    newLock(id: string): Lock {
      const token = randomUUID()
      let renew: NodeJS.Timeout | undefined
      let held = false
      return {
        async lock(signal: AbortSignal, requestRelease: RequestRelease) {
          const deadline = Date.now() + acquireTimeoutMs
          for (;;) {
            const taken = await db.execute<{ lock_wanted: string | null }>(sql`
              UPDATE upload SET lock_owner = ${token}, lock_until = now() + ${leaseSql}, lock_wanted = NULL
              WHERE id = ${id} AND (lock_owner IS NULL OR lock_until < now())
              RETURNING lock_wanted`)
            if (taken.rows.length) break
            const exists = await db.execute(sql`UPDATE upload SET lock_wanted = now() WHERE id = ${id} RETURNING id`)
            if (!exists.rows.length) return
            if (signal.aborted || Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT
            await new Promise((resolve) => setTimeout(resolve, 100))
          }
          held = true
          let released = false
          renew = setInterval(async () => {
            try {
              const renewed = await db.execute<{ lock_wanted: string | null }>(sql`
                UPDATE upload SET lock_until = now() + ${leaseSql} WHERE id = ${id} AND lock_owner = ${token} RETURNING lock_wanted`)
              if (renewed.rows[0]?.lock_wanted && !released) {
                released = true
                await requestRelease()
              }
            } catch {
              // The next renewal tries again; the lease covers a missed one.
            }
          }, Math.max(100, Math.floor(leaseMs / 4)))
          renew.unref()
        },
        async unlock() {
          clearInterval(renew)
          if (!held) return
          held = false
          await db.execute(sql`UPDATE upload SET lock_owner = NULL, lock_until = NULL WHERE id = ${id} AND lock_owner = ${token}`)
        },
      }
    },
  }
}
