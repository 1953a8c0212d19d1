/** The market of everyone working beyond the company's configured markets (SPEC.md section 4). */
export const OUTSIDE_AREA = 'Outside Area'

/** The markets a person can be given: the company's configured markets by name, then Outside Area. */
export function userMarketChoices(companyMarkets: readonly string[]): string[] {
  const names = [...new Set(companyMarkets)].filter((name) => name !== OUTSIDE_AREA).sort()
  return [...names, OUTSIDE_AREA]
}

function comparable(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase()
}

/**
 * The choice a typed market means, ignoring case and spacing ('mobile ' -> 'Mobile'), or null
 * when none or more than one matches. A profile's market must be the choice itself: dashboards
 * compare it exactly with a case's detected market.
 */
export function canonicalMarket(value: string, choices: readonly string[]): string | null {
  const matches = choices.filter((choice) => comparable(choice) === comparable(value))
  return matches.length === 1 ? matches[0] : null
}
