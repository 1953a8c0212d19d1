export type MarketDetection = {
  market: string
  confidence: number
  method: 'debtor_zip' | 'recovery_zip' | 'additional_zip' | 'no_match'
}

export const UNKNOWN_MARKET = 'Unknown'

type CaseZips = {
  debtor_zip?: string | null
  recovery_zip?: string | null
  additional_zip?: string | null
}

const FIVE_DIGITS = /^\d{5}$/

/**
 * SPEC.md section 9, the case list's market detection: the debtor ZIP's market at 95
 * (debtor_zip), else the recovery ZIP's at 85 (recovery_zip), else the additional ZIP's at 70
 * (additional_zip), else 'Unknown' at 0 (no_match). Only 5-digit ZIPs are looked up.
 */
export function detectCaseMarket(zips: CaseZips, marketByZip: ReadonlyMap<string, string>): MarketDetection {
  const candidates = [
    [zips.debtor_zip, 95, 'debtor_zip'],
    [zips.recovery_zip, 85, 'recovery_zip'],
    [zips.additional_zip, 70, 'additional_zip'],
  ] as const
  for (const [zip, confidence, method] of candidates) {
    const trimmed = zip?.trim() ?? ''
    const market = FIVE_DIGITS.test(trimmed) ? marketByZip.get(trimmed) : undefined
    if (market) return { market, confidence, method }
  }
  return { market: UNKNOWN_MARKET, confidence: 0, method: 'no_match' }
}
