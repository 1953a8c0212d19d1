import { MessageSquare, PenLine, Plus } from 'lucide-react'
import { formatCaseDate, formatDateTime } from '../../../domain/formats/dates'
import { entryAuthor, entrySentence } from '../../../domain/timeline/entry-text'
import { Badge } from '../../components/ui/badge'
import type { TimelineEntry } from './api'

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** A changed value as the details show such values: days like 'Jan 05, 2025', moments in en-US short format. */
function formatValue(format: TimelineEntry['valueFormat']) {
  return (value: string) => {
    if (format === 'date' && DAY.test(value)) return formatCaseDate(value)
    if (format === 'datetime' && !Number.isNaN(Date.parse(value))) return formatDateTime(value)
    return value
  }
}

const NOTE_BADGE = {
  'Agent Update': 'default',
  'Office Note': 'secondary',
  'Lender Update': 'outline',
} as const

function When({ at }: { at: string }) {
  return <time dateTime={at}>{formatDateTime(at)}</time>
}

/** One entry: a note (its type, text with its line breaks, author, time) or a change or creation as a sentence. */
export function TimelineEntryItem({ entry, subject }: { entry: TimelineEntry; subject: 'order' | 'case' }) {
  const Icon = entry.kind === 'note' ? MessageSquare : entry.kind === 'created' ? Plus : PenLine
  const author = entryAuthor(entry)
  return (
    <li className="flex gap-3 py-3">
      <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon className="size-3.5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        {entry.kind === 'note' ? (
          <>
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
              {entry.noteType && <Badge variant={NOTE_BADGE[entry.noteType] ?? 'secondary'}>{entry.noteType}</Badge>}
              <span className="font-medium">{author}</span>
              <span className="text-muted-foreground">
                <When at={entry.createdAt} />
              </span>
            </div>
            {/* Text, never HTML: React escapes it; the line breaks people typed are kept. */}
            <p className="whitespace-pre-wrap break-words text-sm">{entry.body}</p>
            {entry.evidence && <EvidenceLine evidence={entry.evidence} />}
          </>
        ) : (
          <>
            <p className="break-words text-sm">{entrySentence(entry, subject, formatValue(entry.valueFormat))}</p>
            <p className="text-xs text-muted-foreground">
              {entry.actor ? `by ${author}` : author} · <When at={entry.createdAt} />
            </p>
          </>
        )}
      </div>
    </li>
  )
}

/** What the device added to an Agent Update (issue 44): GPS and how far from the case's nearest address, a photo. */
function EvidenceLine({ evidence }: { evidence: NonNullable<TimelineEntry['evidence']> }) {
  const position =
    evidence.latitude !== undefined
      ? `GPS${evidence.accuracyM !== undefined ? ` ±${Math.round(evidence.accuracyM)} m` : ''}`
      : null
  const parts = [position, evidence.distance].filter(Boolean)
  return (
    <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground" data-testid="update-evidence">
      {parts.length > 0 && <span>{parts.join(' · ')}</span>}
      {evidence.photoFileId && (
        <a href={`/api/files/${evidence.photoFileId}`} target="_blank" rel="noreferrer">
          <img
            src={`/api/files/${evidence.photoFileId}/thumbnail`}
            alt="Photo with the update"
            className="size-12 rounded-md object-cover"
          />
        </a>
      )}
    </p>
  )
}
