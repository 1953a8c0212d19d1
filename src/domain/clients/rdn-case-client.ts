import { normalizeClientName } from '../import/clients'

// The one rule by which an RDN case finds the client it bills (issue 41). RDN sends only text: the
// lender's name and the lienholder's. Each is normalized as client matching does (SPEC.md section 5)
// and matched exactly, lender first: a client named as the lender; else one named as the lienholder;
// else one whose own lienholder is the lender, then the lienholder. Among equals: the client whose
// lienholder is the case's lienholder, an active one, the oldest. Migration 040 applies the same rule
// in the database (client_match_key, rdn_case_client_id) and stores the answer on rdn_cases.client_id;
// rdn-case-client.test.ts (API) checks the two agree.

export type ClientToMatch = { id: string; name: string; lienholder_name: string | null; active: boolean }

/** How well a client fits a case's keys: 0 is best; null when it does not fit. */
export function rdnCaseClientRank(
  client: { nameKey: string; lienholderKey: string },
  lenderKey: string,
  lienholderKey: string,
): number | null {
  const both = lienholderKey !== '' && client.lienholderKey === lienholderKey ? 0 : 1
  if (lenderKey !== '' && client.nameKey === lenderKey) return both
  if (lienholderKey !== '' && client.nameKey === lienholderKey) return 2
  if (lenderKey !== '' && client.lienholderKey === lenderKey) return 3
  if (lienholderKey !== '' && client.lienholderKey === lienholderKey) return 4
  return null
}

/** The client (of a list ordered oldest first) an RDN case with these names bills, or null. */
export function rdnCaseClient<T extends ClientToMatch>(
  clients: readonly T[],
  lenderName: string | null | undefined,
  lienholderName: string | null | undefined,
): T | null {
  const lenderKey = normalizeClientName(lenderName)
  const lienholderKey = normalizeClientName(lienholderName)
  let best: { client: T; rank: number } | null = null
  for (const client of clients) {
    const keys = {
      nameKey: normalizeClientName(client.name),
      lienholderKey: normalizeClientName(client.lienholder_name),
    }
    const rank = rdnCaseClientRank(keys, lenderKey, lienholderKey)
    if (rank === null) continue
    const better = !best || rank < best.rank || (rank === best.rank && client.active && !best.client.active)
    if (better) best = { client, rank }
  }
  return best?.client ?? null
}
