/** The normalised text an address is kept by (address_places): lower case, single spaces, at most 500 characters. */
export const addressKey = (address: string) =>
  address
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/\s*,\s*/g, ', ')
    .trim()
    .slice(0, 500)

/** An address as the geocoder reads it (and the map keeps it): one line with its ZIP; null without a street. */
export function geocodedAddressLine(parts: {
  street: string | null | undefined
  city?: string | null
  state?: string | null
  zip?: string | null
}): string | null {
  const street = parts.street?.trim()
  if (!street) return null
  const line = [street, parts.city, parts.state].filter(Boolean).join(', ')
  return parts.zip ? `${line} ${parts.zip}` : line
}
