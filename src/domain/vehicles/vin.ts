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
