export type KnownClient = { id: string; name: string; lienholder_name: string | null }
export type ClientSuggestion = { client: KnownClient; score: number }
export type ClientMatch = { client: KnownClient } | { client: null; suggestions: ClientSuggestion[] }

const MAX_SUGGESTIONS = 3
const SUGGESTION_FLOOR = 0.3
/** Auto-create only when there is no suggestion or the best is below this (SPEC.md section 5). */
export const AUTO_CREATE_BELOW = 0.7
const ONE_SIDED_LIENHOLDER = 0.3

/**
 * SPEC.md section 5: lower case; trailing '- hand keyed' and '(primary)' removed; company
 * suffixes (inc, llc, lp, corp, ltd) removed; punctuation removed; spaces collapsed.
 */
export function normalizeClientName(name: string | null | undefined): string {
  let text = (name ?? '').toLowerCase().trim()
  let previous: string
  do {
    previous = text
    text = text
      .replace(/\s*-\s*hand keyed\s*$/, '')
      .replace(/\s*\(primary\)\s*$/, '')
      .trim()
  } while (text !== previous)
  return text
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\b(inc|llc|lp|corp|ltd)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

const longWords = (text: string) => new Set(text.split(' ').filter((word) => word.length > 2))

/** 1 when equal, 0.8 when one contains the other, else the share of long words they have in common. */
export function nameSimilarity(a: string, b: string): number {
  if (a === b) return 1
  if (a && b && (a.includes(b) || b.includes(a))) return 0.8
  const wordsA = longWords(a)
  const wordsB = longWords(b)
  const most = Math.max(wordsA.size, wordsB.size)
  if (most === 0) return 0
  const common = [...wordsA].filter((word) => wordsB.has(word)).length
  return common / most
}

/** Name and lienholder similarity averaged; a lienholder on one side only scores 0.3. */
export function clientSimilarity(
  wanted: { name: string; lienholder: string | null },
  known: { name: string; lienholder: string | null },
): number {
  const name = nameSimilarity(wanted.name, known.name)
  const lienholder =
    !wanted.lienholder && !known.lienholder
      ? 1
      : !wanted.lienholder || !known.lienholder
        ? ONE_SIDED_LIENHOLDER
        : nameSimilarity(wanted.lienholder, known.lienholder)
  return (name + lienholder) / 2
}

/** A client list prepared once for many lookups (normalized names kept beside each client). */
export function prepareClients(clients: KnownClient[]) {
  const prepared = clients.map((client) => ({
    client,
    name: normalizeClientName(client.name),
    lienholder: normalizeClientName(client.lienholder_name) || null,
  }))
  const exact = new Map(prepared.map((entry) => [`${entry.name}\u0000${entry.lienholder ?? ''}`, entry.client]))
  return { prepared, exact }
}
export type PreparedClients = ReturnType<typeof prepareClients>

/**
 * The client a row names: an exact match of normalized name and lienholder (or both without one),
 * else up to 3 suggestions scoring above 0.3, best first.
 */
export function matchClient(
  clients: PreparedClients,
  name: string | null | undefined,
  lienholder: string | null | undefined,
): ClientMatch {
  const wanted = { name: normalizeClientName(name), lienholder: normalizeClientName(lienholder) || null }
  const exact = clients.exact.get(`${wanted.name}\u0000${wanted.lienholder ?? ''}`)
  if (exact) return { client: exact }
  const suggestions = clients.prepared
    .map((entry) => ({ client: entry.client, score: clientSimilarity(wanted, entry) }))
    .filter((suggestion) => suggestion.score > SUGGESTION_FLOOR)
    .sort((a, b) => b.score - a.score)
    .slice(0, MAX_SUGGESTIONS)
  return { client: null, suggestions }
}

export const mayAutoCreate = (suggestions: ClientSuggestion[]) =>
  suggestions.length === 0 || suggestions[0].score < AUTO_CREATE_BELOW
