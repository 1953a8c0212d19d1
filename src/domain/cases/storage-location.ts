/** SPEC.md section 9: the special storage location, shown as an orange pill. */
export const DIRECT_DROP = 'Direct Drop'

/**
 * The three auction/rental locations that count as Direct Drop. SPEC.md names the rule but not
 * the places; these are the agency's (and the demo data's).
 */
export const DIRECT_DROP_LOCATIONS = ['Manheim Birmingham', 'Enterprise Rent-A-Car', 'Copart Mobile'] as const

/** The agency's own lots, by the city their source names mention. */
const LOTS: ReadonlyArray<readonly [RegExp, string]> = [
  [/birmingham/i, 'Birmingham Lot'],
  [/mobile/i, 'Mobile Lot'],
  [/montgomery/i, 'Montgomery Lot'],
  [/phenix\s*city/i, 'Phenix City Lot'],
  [/union\s*city/i, 'Union City Lot'],
]

/**
 * SPEC.md section 5: only for a Repossessed case, the storage location: one of the three
 * auction/rental locations is 'Direct Drop'; a lot name mentioning a market city is that city's
 * lot; anything else is shown as it came. Null when not repossessed or unknown.
 */
export function mapStorageLocation(
  status: string | null | undefined,
  locationName: string | null | undefined,
): string | null {
  if (status !== 'Repossessed') return null
  const name = locationName?.trim()
  if (!name) return null
  if (DIRECT_DROP_LOCATIONS.some((location) => location.toLowerCase() === name.toLowerCase())) return DIRECT_DROP
  const lot = LOTS.find(([pattern]) => pattern.test(name))
  return lot ? lot[1] : name
}
