import type { ChangeSource, TimelineKind } from './timeline'
import { EVENT_FIELDS } from './timeline-fields'

/** A timeline entry as the API gives it (src/server/features/timeline), what the sentences need of it. */
export type EntryForText = {
  kind: TimelineKind
  /** The field changed; an event field (an invoice's, a fee request's, a payment) reads '<Label>: <new>' when it starts. */
  field?: string | null
  label: string | null
  oldValue: string | null
  newValue: string | null
  actor: { name: string } | null
  source: ChangeSource
}

/** How a change came, when no person is named: the import, the RDN sync, or the system. */
const SOURCE_NAMES: Record<ChangeSource, string> = {
  person: 'System',
  dashboard: 'System',
  import: 'Import',
  sync: 'RDN sync',
  system: 'System',
}

/**
 * Who made an entry, as the timeline says it: the person (and 'Import' when a person's import
 * made it), else 'Import', 'RDN sync' or 'System'.
 */
export function entryAuthor(entry: Pick<EntryForText, 'actor' | 'source'>): string {
  if (!entry.actor) return SOURCE_NAMES[entry.source]
  return entry.source === 'import' ? `${entry.actor.name} (Import)` : entry.actor.name
}

/**
 * The sentence of a creation or change: 'Order created' / 'Case created', '<Label> changed from
 * <old> to <new>', '<Label> set to <new>' when it was empty, '<Label> cleared' when emptied.
 * `format` turns a stored value into its display (dates and times).
 */
export function entrySentence(
  entry: EntryForText,
  subject: 'order' | 'case',
  format: (value: string) => string = (value) => value,
): string {
  if (entry.kind === 'created') return subject === 'order' ? 'Order created' : 'Case created'
  const label = entry.label ?? 'A field'
  if (entry.field && EVENT_FIELDS.has(entry.field) && !entry.oldValue && entry.newValue)
    return `${label}: ${entry.newValue}`
  if (entry.newValue === null || entry.newValue === '') return `${label} cleared`
  if (entry.oldValue === null || entry.oldValue === '') return `${label} set to ${format(entry.newValue)}`
  return `${label} changed from ${format(entry.oldValue)} to ${format(entry.newValue)}`
}
