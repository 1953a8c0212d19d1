import { Link } from 'react-router'
import { formatCaseDate } from '../../../domain/formats/dates'
import { formatWhole } from '../../../domain/formats/numbers'
import { caseListHref } from './dashboard-parts'

type Week = { weekStart: string; count: number; filters: { repo_from: string; repo_to: string } }

/** Recoveries per week as bars; each bar opens that week's repossessions in the case list. */
export function RecoveriesChart({ weeks }: { weeks: Week[] }) {
  const highest = Math.max(1, ...weeks.map((week) => week.count))
  return (
    <ol className="flex h-48 items-end gap-1 sm:gap-2" aria-label="Recoveries by week">
      {weeks.map((week) => (
        <li key={week.weekStart} className="h-full min-w-0 flex-1">
          <Link
            to={caseListHref(week.filters)}
            className="group flex h-full flex-col items-center justify-end gap-1"
            title={`Week of ${formatCaseDate(week.weekStart)}: ${formatWhole(week.count)}`}
          >
            {/* Named by its text, not an aria-label, so what is seen is what is read (WCAG 2.5.3). */}
            <span className="sr-only">{`Week of ${formatCaseDate(week.weekStart)}: `}</span>
            <span className="text-xs tabular-nums text-muted-foreground">{formatWhole(week.count)}</span>
            <span className="sr-only"> recovered</span>
            <span
              className="w-full rounded-t bg-primary/80 transition-colors group-hover:bg-primary"
              style={{ height: `${(week.count / highest) * 100}%`, minHeight: week.count ? 4 : 1 }}
            />
            <span className="hidden text-[10px] text-muted-foreground sm:block" aria-hidden>
              {formatCaseDate(week.weekStart).slice(0, 6)}
            </span>
          </Link>
        </li>
      ))}
    </ol>
  )
}
