import type { AppContext } from '../context/app-context'
import { loadAuthSecret } from './auth-secret'
import { factorKeys, type FactorKeys } from './factor-keys'

/** The app's factor keys, derived once from its auth secret and kept in the app context. */
export function factorKeysOf(ctx: Pick<AppContext, 'env' | 'services'>): FactorKeys {
  let keys = ctx.services.factorKeys as FactorKeys | undefined
  if (!keys) ctx.services.factorKeys = keys = factorKeys(loadAuthSecret(ctx.env.AUTH_SECRET, ctx.env.dataDir))
  return keys
}
