import type { CompanyView } from '../../../lib/company-view'

/** The company page's data, as its loader sends it. */
export interface CompanyPageData {
  company: CompanyView
  /** The signed-in person's id. */
  you: string
  isAdmin: boolean
  clientId: string | null
}

/** What a form of the page hears back. */
export interface CompanyActionResult {
  intent: string
  ok: boolean
  message?: string
  fieldErrors?: Record<string, string[]>
  /** A form's result (its field errors), for its `lastResult`. */
  result?: unknown
}

/** The answer if it belongs to this form (its intent), else nothing. */
export function resultFor(result: CompanyActionResult | undefined, intent: string): CompanyActionResult | undefined {
  return result?.intent === intent ? result : undefined
}
