/**
 * A raw token amount (smallest units) as the whole number the badge shows, rounded half up.
 * Works on bigint throughout: 18-decimal amounts exceed what a float holds exactly.
 */
export function formatTokenBalance(value: bigint, decimals: number): string {
  if (!Number.isInteger(decimals) || decimals < 0) throw new RangeError('decimals must be a non-negative integer')
  if (value < 0n) return '-' + formatTokenBalance(-value, decimals)
  if (decimals === 0) return value.toString()
  const unit = 10n ** BigInt(decimals)
  return ((value + unit / 2n) / unit).toString()
}
