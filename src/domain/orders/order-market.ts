export type OrderMarket = { market: string; confidence: number; method: 'primary_zip' | 'fallback_zip' | 'unknown' }

export const UNKNOWN_ORDER_MARKET: OrderMarket = { market: 'Unknown', confidence: 0, method: 'unknown' }

type OrderZips = {
  borrower_zip?: string | null
  last_known_zip?: string | null
  recovery_zip?: string | null
  borrower_work_zip?: string | null
}

/** A ZIP or ZIP+4 as its 5 digits (the order detail accepts both when editing). */
const fiveDigits = (zip: string | null | undefined) => {
  const trimmed = zip?.trim() ?? ''
  return /^\d{5}(-?\d{4})?$/.test(trimmed) ? trimmed.slice(0, 5) : null
}

/**
 * SPEC.md section 9: the borrower's ZIP in the company's table is 95 (primary_zip); else the
 * first of the last known, recovery and work ZIPs found is 95 (fallback_zip); else unknown.
 */
export function detectOrderMarket(order: OrderZips, zipTable: ReadonlyMap<string, string>): OrderMarket {
  const primary = fiveDigits(order.borrower_zip)
  const primaryMarket = primary ? zipTable.get(primary) : undefined
  if (primaryMarket) return { market: primaryMarket, confidence: 95, method: 'primary_zip' }
  for (const zip of [order.last_known_zip, order.recovery_zip, order.borrower_work_zip]) {
    const market = fiveDigits(zip) ? zipTable.get(fiveDigits(zip) as string) : undefined
    if (market) return { market, confidence: 95, method: 'fallback_zip' }
  }
  return UNKNOWN_ORDER_MARKET
}

/** The ZIPs detectOrderMarket may look up, for one query of the company's table. */
export function orderMarketZips(order: OrderZips): string[] {
  return [order.borrower_zip, order.last_known_zip, order.recovery_zip, order.borrower_work_zip]
    .map(fiveDigits)
    .filter((zip): zip is string => zip !== null)
}
