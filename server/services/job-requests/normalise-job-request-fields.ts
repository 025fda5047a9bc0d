import { AppError } from '../../errors/app-error'

/** "1".."5" as text (SPEC.md section 3); default "3" (section 9). */
export function normalisePriority(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '3'
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1 || n > 5) throw new AppError('BAD_REQUEST', 'Priority must be 1 to 5', { fieldErrors: { priority: ['Priority must be 1 to 5'] } })
  return String(n)
}

/** A JSON-encoded list of strings, whichever form it came in. */
export function normaliseFiles(value: string[] | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '[]'
  let list: unknown = value
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value)
    } catch {
      throw new AppError('BAD_REQUEST', 'files must be a JSON list', { fieldErrors: { files: ['files must be a JSON list'] } })
    }
  }
  if (!Array.isArray(list) || list.some((f) => typeof f !== 'string') || list.length > 500) {
    throw new AppError('BAD_REQUEST', 'files must be a JSON list', { fieldErrors: { files: ['files must be a JSON list'] } })
  }
  return JSON.stringify(list)
}

export function limitText(value: string | null | undefined, field: string, max: number): string | null {
  if (value === null || value === undefined) return null
  if (value.length > max) throw new AppError('BAD_REQUEST', `${field} is too long`, { fieldErrors: { [field]: [`At most ${max} characters`] } })
  return value
}
