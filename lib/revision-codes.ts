import { site } from './site'

/** A revision's code: the letter and a two-digit number, e.g. P01, C12 (three digits past 99). */
export function revisionCode(kind: keyof typeof site.revisionCodes, number: number): string {
  return `${site.revisionCodes[kind]}${String(number).padStart(2, '0')}`
}
