/** SPEC.md section 4: the statuses an import accepts; anything else becomes Open. */
export const IMPORT_STATUSES = [
  'Open',
  'Closed',
  'Repossessed',
  'Pending On Hold',
  'On Hold',
  'Pending Close',
  'Charged Off',
  'Completed',
  'Completed-Located',
  'Office Transfer',
  'Need Info',
  'Hold For Billing',
  'Auction',
] as const
export const DEFAULT_IMPORT_STATUS = 'Open'
export const IMPORT_PRIORITY = 'medium'

export function importStatus(text: string | undefined): string {
  const wanted = text?.trim().toLowerCase()
  return IMPORT_STATUSES.find((status) => status.toLowerCase() === wanted) ?? DEFAULT_IMPORT_STATUS
}

/** Keys were obtained only when the cell says exactly 'Yes'. */
export const keysObtained = (text: string | undefined) => text?.trim() === 'Yes'

/**
 * SPEC.md section 5: dates are month/day/year; a two-digit year below 50 is 20xx, else 19xx;
 * the result is 'YYYY-MM-DD'. Blank is null; a date that does not exist is 'invalid'.
 */
export function importDate(text: string | undefined): string | null | 'invalid' {
  const trimmed = text?.trim() ?? ''
  if (!trimmed) return null
  const match = /^(\d{1,2})[/-](\d{1,2})[/-](\d{2}|\d{4})$/.exec(trimmed)
  if (!match) return 'invalid'
  const month = Number(match[1])
  const day = Number(match[2])
  let year = Number(match[3])
  if (match[3].length === 2) year += year < 50 ? 2000 : 1900
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return 'invalid'
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/** 'Last, First' into its parts; without a comma the whole text is the last name. */
export function splitBorrowerName(text: string | undefined): {
  first: string | null
  last: string | null
  full: string | null
} {
  const trimmed = text?.trim() ?? ''
  if (!trimmed) return { first: null, last: null, full: null }
  const comma = trimmed.indexOf(',')
  if (comma < 0) return { first: null, last: trimmed, full: trimmed }
  const last = trimmed.slice(0, comma).trim() || null
  const first = trimmed.slice(comma + 1).trim() || null
  return { first, last, full: [first, last].filter(Boolean).join(' ') || null }
}

/**
 * A work address ending in a two-capital-letter state and a 5- or 9-digit ZIP:
 * '12 Main St, Mobile, AL 36602' gives street, city, state and ZIP; anything else is kept whole.
 */
export function parseWorkAddress(text: string | undefined): {
  address: string | null
  city: string | null
  state: string | null
  zip: string | null
} {
  const trimmed = text?.trim() ?? ''
  if (!trimmed) return { address: null, city: null, state: null, zip: null }
  const match = /^(.*?)[,\s]+([A-Z]{2})[,\s]+(\d{5}(?:-?\d{4})?)$/.exec(trimmed)
  if (!match) return { address: trimmed, city: null, state: null, zip: null }
  const [, rest, state, zip] = match
  const parts = rest
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  const city = parts.length > 1 ? (parts.pop() as string) : null
  return { address: parts.join(', ') || null, city, state, zip }
}

/** SPEC.md section 9: without a case number, the order number is the last 10 digits of the time. */
export const fallbackOrderNumber = (now: number) => String(now).slice(-10)
