/**
 * Whether a form's field named `claim` answers for the server's reason about `field`: the same
 * path, or one of its parts (the Market amounts field answers for `rows.0.marketAmounts.Mobile`,
 * the states field for `rows.0.noPassOnStates.1`).
 */
export function fieldCovers(claim: string, field: string): boolean {
  return field === claim || field.startsWith(`${claim}.`)
}
