import { useSearchParams } from 'react-router'
import { formatCaseDate } from '../../../domain/formats/dates'
import { PERIOD_STATUS_LABELS, periodLabel } from '../../../domain/payroll/periods'
import type { PeriodSummary, PeriodView } from '../../../domain/payroll/views'
import { SelectField } from '../../components/ui/form-field'
import { usePayrollOverview, usePeriod } from './api'
import { EntriesList } from './entries-list'
import { momentText } from './format'
import { PeopleTable } from './people-table'
import { PeriodActions } from './period-actions'
import { PeriodStatusBadge } from './period-status-badge'

/** The Payroll tab: one period (the current one unless chosen), its people and its manual entries. */
export function PeriodPanel() {
  const overview = usePayrollOverview()
  const [params, setParams] = useSearchParams()
  const periods = overview.data?.periods ?? []
  const asked = params.get('period')
  const start = periods.some((period) => period.start === asked) ? asked : (overview.data?.current ?? null)
  const period = usePeriod(start)
  const choose = (value: string) => {
    const next = new URLSearchParams(params)
    if (value === overview.data?.current) next.delete('period')
    else next.set('period', value)
    setParams(next, { replace: true })
  }

  if (overview.isPending) return <p className="text-sm text-muted-foreground">Loading...</p>
  if (overview.isError) return <p className="text-sm text-destructive">{overview.error.message}</p>
  return (
    <div className="space-y-4">
      <div className="max-w-sm">
        <SelectField
          id="payroll-period"
          label="Pay period"
          value={start ?? ''}
          onChange={(event) => choose(event.target.value)}
        >
          {periods.map((option) => (
            <option key={option.start} value={option.start}>
              {periodLabel(option)} · {PERIOD_STATUS_LABELS[option.status]}
              {option.start === overview.data.current ? ' (current)' : ''}
            </option>
          ))}
        </SelectField>
      </div>
      {period.isPending && <p className="text-sm text-muted-foreground">Loading...</p>}
      {period.isError && <p className="text-sm text-destructive">{period.error.message}</p>}
      {period.data && <PeriodDetail view={period.data} periods={periods} stale={period.isPlaceholderData} />}
    </div>
  )
}

function PeriodDetail({ view, periods, stale }: { view: PeriodView; periods: PeriodSummary[]; stale: boolean }) {
  const { period } = view
  return (
    <div className={stale ? 'space-y-4 opacity-60' : 'space-y-4'} aria-busy={stale}>
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-semibold">Pay period {periodLabel(period)}</h2>
          <PeriodStatusBadge status={period.status} />
        </div>
        <ul className="space-y-0.5 text-sm text-muted-foreground">
          {period.approvedAt && (
            <li>
              Approved by {period.approvedBy ?? 'someone no longer listed'} on {momentText(period.approvedAt)}
            </li>
          )}
          {period.lockedAt && (
            <li>
              Locked by {period.lockedBy ?? 'someone no longer listed'} on {momentText(period.lockedAt)}: it never
              changes; corrections go into the next period.
            </li>
          )}
          {period.payment && (
            <li>
              Paid on {formatCaseDate(period.payment.paidOn)} (reference {period.payment.reference}), marked by{' '}
              {period.payment.markedBy ?? 'someone no longer listed'} on {momentText(period.payment.markedAt)}
            </li>
          )}
          {period.status === 'review' && <li>In review: pay is still counted as work comes in.</li>}
          {period.daysLeft && period.status !== 'review' && <li>{period.daysLeft}.</li>}
          {period.daysLeft && period.status === 'review' && (
            <li className="font-medium text-amber-800 dark:text-amber-300" data-testid="period-days-left">
              {period.daysLeft}.
            </li>
          )}
        </ul>
        <PeriodActions period={period} />
      </header>
      <PeopleTable view={view} periods={periods} />
      <EntriesList start={period.start} />
    </div>
  )
}
