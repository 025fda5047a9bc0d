import { eq } from 'drizzle-orm'
import { companyDetailsSchema, type CompanyDetails } from '../../../lib/company-schema'
import { getAppContext } from '../../context/app-context'
import { companies } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { recordAudit } from '../audit/record-audit'
import { parseInput } from '../shared/parse-input'
import { requireSignedIn, type MaybeActor } from '../shared/authorize'
import { requireCompanyManager } from './require-company-manager'

export interface UpdateCompanyOptions {
  actor: MaybeActor
  /** The company; the actor's own by default (an admin names one). */
  companyId?: string | null
  input: Partial<Record<keyof CompanyDetails, unknown>>
}

/** Saves a company's name, address and VAT number: its owners, or the consultancy. */
export async function updateCompany({ actor: maybeActor, companyId, input }: UpdateCompanyOptions): Promise<void> {
  const actor = requireSignedIn(maybeActor)
  const id = companyId || actor.companyId
  requireCompanyManager(actor, id)
  const details = parseInput(companyDetailsSchema, input)
  const { db } = getAppContext()
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(companies)
      .set({ name: details.name || null, address: details.address || null, vatNumber: details.vatNumber || null, updatedAt: new Date() })
      .where(eq(companies.id, id!))
      .returning({ id: companies.id })
    if (!updated) throw new AppError('NOT_FOUND', 'Company not found')
    await recordAudit(tx, { actor, subjectUserId: null, action: 'update-company', details: { companyId: id } })
  })
}
