import { eq } from 'drizzle-orm'
import type { Database } from '../../db/open-database'
import { storageReservations } from '../../db/schema'

/**
 * Gives back the space an upload held (reserveStorage): in the transaction that records its file,
 * which counts from then on, or when the upload is refused. Nothing happens for an upload that held none.
 */
export async function releaseStorage(tx: Pick<Database, 'delete'>, uploadId: string): Promise<void> {
  await tx.delete(storageReservations).where(eq(storageReservations.uploadId, uploadId))
}
