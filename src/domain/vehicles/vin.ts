/** A VIN is decoded only when it is exactly this long (SPEC.md section 5). */
export const VIN_LENGTH = 17

export const VIN_DECODE_FAILED = 'Failed to decode VIN'
export const IMAGE_NOT_AVAILABLE = 'Image not available'

/** The VIN as decoders and caches key it: trimmed, upper case. */
export function normalizeVin(vin: string): string {
  return vin.trim().toUpperCase()
}

export function isDecodableVin(vin: string | null | undefined): vin is string {
  return typeof vin === 'string' && normalizeVin(vin).length === VIN_LENGTH
}

const TRANSLITERATION: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
}
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2]

/** The check digit (position 9) a 17-character VIN should carry, by the North American rule. */
export function vinCheckDigit(vin: string): string {
  const sum = [...normalizeVin(vin)].reduce(
    (total, character, index) =>
      total + (/\d/.test(character) ? Number(character) : (TRANSLITERATION[character] ?? 0)) * WEIGHTS[index],
    0,
  )
  const remainder = sum % 11
  return remainder === 10 ? 'X' : String(remainder)
}

/** The same VIN with its check digit put right. */
export function withVinCheckDigit(vin: string): string {
  const normalized = normalizeVin(vin)
  return `${normalized.slice(0, 8)}${vinCheckDigit(normalized)}${normalized.slice(9)}`
}

const MODEL_YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789'

/** Position 10's code for a model year (the 30-year cycle; 2010 is 'A'). */
export function modelYearCode(year: number): string {
  return MODEL_YEAR_CODES[(((year - 2010) % 30) + 30) % 30]
}
