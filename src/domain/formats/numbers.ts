/**
 * A whole number with en-US thousands separators: 1234567 -> '1,234,567'. Without
 * Intl.NumberFormat, whose first instance on a page costs a phone ~20 ms of blocked main thread
 * loading the locale's number data (issue 21); the grouping of whole numbers is all it was used
 * for. Anything but a safe integer goes to toLocaleString.
 */
export function formatWhole(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString('en-US')
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ',')
  return value < 0 ? `-${digits}` : digits
}
