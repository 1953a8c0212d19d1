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
