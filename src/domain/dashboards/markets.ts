/**
 * The markets a profile works, from its market text: one name, or several separated by commas
 * or semicolons (a field manager may run more than one). Blank means none.
 */
export function profileMarkets(market: string | null | undefined): string[] {
  if (!market) return []
  return [
    ...new Set(
      market
        .split(/[,;]/)
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ]
}
