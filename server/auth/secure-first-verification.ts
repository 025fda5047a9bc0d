import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { describeUnmetPasswordRules } from '../../lib/auth-schema'
import type { Database } from '../db/open-database'
import { accounts, apiTokens, sessions, users } from '../db/schema'
import { hashPassword } from './password-hash'

/**
 * The first proof of an address decides whose account it is. Anyone can sign up with an address they
 * do not own and choose its password; that password proves nothing. So when an unverified account
 * becomes verified, in one transaction: its password becomes the one sent by whoever proved the
 * address (with the code), or, when the proof came without one, it is removed (the owner then sets one
 * with a reset code); every session and API token made before the proof is deleted; and the account is
 * marked verified. There is no moment when the earlier password opens a verified account.
 * Does nothing for an account that is already verified (or does not exist).
 */
export async function secureFirstVerification(db: Database, { email, password }: { email: string; password: string | null }): Promise<void> {
  const usable = password !== null && describeUnmetPasswordRules(password) === null ? password : null
  // Hashing takes a quarter of a second: before the transaction, so no row stays locked meanwhile.
  const hash = usable ? await hashPassword(usable) : null
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id, emailVerified: users.emailVerified }).from(users).where(eq(users.email, email.toLowerCase())).for('update')
    if (!user || user.emailVerified) return
    const credential = and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential'))
    if (hash) {
      const updated = await tx.update(accounts).set({ password: hash, updatedAt: new Date() }).where(credential).returning({ id: accounts.id })
      if (!updated.length) await tx.insert(accounts).values({ id: randomUUID(), accountId: user.id, providerId: 'credential', userId: user.id, password: hash })
    } else {
      await tx.delete(accounts).where(credential)
    }
    await tx.delete(sessions).where(eq(sessions.userId, user.id))
    await tx.delete(apiTokens).where(eq(apiTokens.userId, user.id))
    await tx.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, user.id))
  })
}
