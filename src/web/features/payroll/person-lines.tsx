import { Link } from 'react-router'
import { formatCents } from '../../../domain/billing/money'
import { formatCaseDate } from '../../../domain/formats/dates'
import { PAY_EVENT_LABELS } from '../../../domain/payroll/pay-kinds'
import type { PayLineView } from '../../../domain/payroll/views'
import { usePersonLines } from './api'

type Props = { start: string; profileId: string; name: string; carriedLabel: (start: string) => string }

/**
 * One person's lines in a period, oldest first: each says in full why it was paid (the rule,
 * the rate, the split), so 'why was I paid this' has its answer on the line.
 */
export function PersonLines({ start, profileId, name, carriedLabel }: Props) {
  const query = usePersonLines(start, profileId)
  if (query.isPending) return <p className="text-sm text-muted-foreground">Loading the lines of {name}...</p>
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        Failed to load the lines of {name}: {query.error.message}{' '}
        <button type="button" className="underline underline-offset-4" onClick={() => query.refetch()}>
          Retry
        </button>
      </p>
    )
  return <LineList name={name} lines={query.data} carriedLabel={carriedLabel} />
}

function LineList({
  name,
  lines,
  carriedLabel,
}: {
  name: string
  lines: PayLineView[]
  carriedLabel: Props['carriedLabel']
}) {
  if (lines.length === 0) return <p className="text-sm text-muted-foreground">No lines for {name}.</p>
  const sorted = [...lines].sort((a, b) => a.occurredOn.localeCompare(b.occurredOn))
  return (
    <ul className="divide-y rounded-md border bg-background" aria-label={`Pay lines of ${name}`}>
      {sorted.map((line) => (
        <li key={line.key} className="grid gap-1 px-3 py-2 sm:grid-cols-[7rem_1fr_auto] sm:gap-3">
          <span className="text-muted-foreground tabular-nums">{formatCaseDate(line.occurredOn)}</span>
          <div className="min-w-0 space-y-0.5">
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-medium">{PAY_EVENT_LABELS[line.kind]}</span>
              {line.caseHref ? (
                <Link className="underline underline-offset-4" to={line.caseHref}>
                  {line.caseLabel}
                </Link>
              ) : (
                line.caseLabel && <span className="text-muted-foreground">{line.caseLabel}</span>
              )}
            </p>
            <p className="whitespace-pre-line break-words text-muted-foreground">{line.explanation}</p>
            {line.carriedFrom && (
              <p className="text-xs text-amber-700 dark:text-amber-400">
                Carried from {carriedLabel(line.carriedFrom)}
              </p>
            )}
          </div>
          <div className="text-right tabular-nums sm:min-w-28">
            <span className={line.amountCents < 0 ? 'font-medium text-destructive' : 'font-medium'}>
              {formatCents(line.amountCents)}
            </span>
            {line.heldCents !== 0 && (
              <span className="block text-xs text-muted-foreground">Held {formatCents(line.heldCents)}</span>
            )}
          </div>
        </li>
      ))}
    </ul>
  )
}
