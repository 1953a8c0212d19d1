import { formatCents } from './money'

export type StorageRuleTerms = { freeDays: number; dailyCents: number; capCents: number | null }

/** A rate card version's storage rule in a sentence: 'Storage: $35.00 a day after 1 free day, at most $500.00.' */
export function storageRuleText(storage: StorageRuleTerms | null): string {
  if (!storage) return 'No storage rule.'
  const freeDays = `${storage.freeDays} free ${storage.freeDays === 1 ? 'day' : 'days'}`
  const cap = storage.capCents === null ? '' : `, at most ${formatCents(storage.capCents)}`
  return `Storage: ${formatCents(storage.dailyCents)} a day after ${freeDays}${cap}.`
}
