import { requireAdmin, type MaybeActor } from '../shared/authorize'
import { countNeedsUs } from './work-queue-sql'

/** How many active jobs need the consultancy now (the header's count). The consultancy's only. */
export async function countWorkNeedingUs({ actor }: { actor: MaybeActor }): Promise<number> {
  return countNeedsUs(requireAdmin(actor).userId)
}
