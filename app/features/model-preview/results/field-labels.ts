import type { FieldComponent } from '../../../../lib/simulation-results/field-colours'

/**
 * The units a field's name gives in brackets at its end ("stress [MPa]", "p (Pa)"); VTK files store
 * no units otherwise, so none is assumed.
 */
export function unitOf(name: string): string | null {
  const match = /[[(]\s*([^\])]{1,16}?)\s*[\])]\s*$/.exec(name)
  return match ? match[1]! : null
}

/** The components' names: x y z for a vector, the six of a symmetric tensor, or numbers. */
export function componentNames(components: number): string[] {
  if (components === 3) return ['X', 'Y', 'Z']
  if (components === 2) return ['X', 'Y']
  if (components === 6) return ['XX', 'YY', 'ZZ', 'XY', 'YZ', 'XZ']
  if (components === 9) return ['XX', 'XY', 'XZ', 'YX', 'YY', 'YZ', 'ZX', 'ZY', 'ZZ']
  return Array.from({ length: components }, (_, k) => String(k + 1))
}

/** What a field's number is: the field itself, its magnitude, or one of its components. */
export function componentLabel(components: number, component: FieldComponent): string {
  if (components === 1) return ''
  return component === 'magnitude' ? 'magnitude' : componentNames(components)[component]!
}

/** A value as the legend and the probe show it: six significant figures, exponents for the very large and small. */
export function formatValue(value: number): string {
  if (!Number.isFinite(value)) return String(value)
  const size = Math.abs(value)
  if (size !== 0 && (size >= 1e7 || size < 1e-3)) return value.toExponential(5).replace(/\.?0+e/, 'e')
  return String(Number(value.toPrecision(6)))
}
