import { formatCents } from '../../../domain/billing/money'
import { formatCaseDate } from '../../../domain/formats/dates'
import { periodLabel } from '../../../domain/payroll/periods'
import { cn } from '../../lib/utils'
import type { ChartPeriod } from './accounting-api'

// Full class names, so Tailwind keeps them; the -400s read on the dark card, the -600s on white.
const SERIES = [
  { key: 'invoicedCents', label: 'Invoiced', swatch: 'bg-sky-600 dark:bg-sky-400' },
  { key: 'collectedCents', label: 'Collected', swatch: 'bg-emerald-600 dark:bg-emerald-400' },
  { key: 'paidToPeopleCents', label: 'Paid to people', swatch: 'bg-amber-500 dark:bg-amber-300' },
] as const

const percent = (value: number) => `${value}%`
const COMPUTING = 'Being computed'

/**
 * The last 12 periods (oldest first) as grouped bars: invoiced, collected and paid to people, with
 * the margin as a line across each group (red below zero). The bars are decoration for the eye;
 * the table under them, hidden from view, gives a screen reader every figure.
 */
export function AccountingChart({ periods, selected }: { periods: ChartPeriod[]; selected: string | null }) {
  const values = periods.flatMap((period) =>
    period.payComputing
      ? [period.invoicedCents, period.collectedCents]
      : [...SERIES.map((series) => period[series.key]), period.marginCents],
  )
  if (values.every((value) => value === 0) && !periods.some((period) => period.payComputing))
    return <p className="py-4 text-center text-sm text-muted-foreground">No figures in the last 12 periods yet.</p>
  const top = Math.max(1, ...values)
  const bottom = Math.min(0, ...values)
  const range = top - bottom
  const at = (value: number) => ((value - bottom) / range) * 100
  return (
    <div className="space-y-3">
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-label="Legend">
        {SERIES.map((series) => (
          <li key={series.key} className="flex items-center gap-1.5">
            <span aria-hidden className={cn('inline-block size-3 rounded-sm', series.swatch)} />
            {series.label}
          </li>
        ))}
        <li className="flex items-center gap-1.5">
          <span aria-hidden className="inline-block h-1 w-4 rounded bg-foreground" />
          Margin
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden className="inline-block h-1 w-4 rounded bg-destructive" />
          Negative margin
        </li>
      </ul>
      <div aria-hidden className="relative">
        <div className="relative flex h-48 gap-1 sm:gap-2">
          <div className="absolute inset-x-0 border-t border-border" style={{ bottom: percent(at(0)) }} />
          {periods.map((period) => (
            <div
              key={period.start}
              title={describe(period)}
              className={cn('relative h-full min-w-0 flex-1 rounded-sm', period.start === selected && 'bg-muted')}
            >
              <div className="absolute inset-x-0.5 flex items-end gap-px" style={{ bottom: percent(at(0)), top: 0 }}>
                {SERIES.map((series) => {
                  // Pay not computed yet keeps its place, with no bar.
                  const value = period.payComputing && series.key === 'paidToPeopleCents' ? 0 : period[series.key]
                  return (
                    <span
                      key={series.key}
                      className={cn('min-w-0 flex-1 rounded-t-sm', series.swatch)}
                      style={{
                        // The bars stand on the zero line, in the part of the group above it (up to `top`).
                        height: percent((Math.max(0, value) / top) * 100),
                        minHeight: value > 0 ? 2 : 0,
                      }}
                    />
                  )
                })}
              </div>
              {/* A period with no figures at all gets no margin line: only the zero line runs through it. */}
              {!isEmpty(period) && !period.payComputing && (
                <span
                  className={cn(
                    'absolute inset-x-0 h-1 translate-y-1/2 rounded',
                    period.marginCents < 0 ? 'bg-destructive' : 'bg-foreground',
                  )}
                  style={{ bottom: percent(at(period.marginCents)) }}
                />
              )}
            </div>
          ))}
        </div>
        <div className="mt-1 hidden gap-1 sm:flex sm:gap-2">
          {periods.map((period) => (
            <span key={period.start} className="min-w-0 flex-1 truncate text-center text-[10px] text-muted-foreground">
              {formatCaseDate(period.start).slice(0, 6)}
            </span>
          ))}
        </div>
      </div>
      {/* Hidden by a box around it: a table takes the width of its words whatever width it is given. */}
      <div className="sr-only">
        <table>
          <caption>Invoiced, collected, paid to people, vendor costs and margin, last 12 periods</caption>
          <thead>
            <tr>
              <th scope="col">Period</th>
              <th scope="col">Invoiced</th>
              <th scope="col">Collected</th>
              <th scope="col">Collected from debtors</th>
              <th scope="col">Paid to people</th>
              <th scope="col">Vendor costs</th>
              <th scope="col">Margin</th>
            </tr>
          </thead>
          <tbody>
            {periods.map((period) => (
              <tr key={period.start}>
                <th scope="row">{periodLabel(period)}</th>
                <td>{formatCents(period.invoicedCents)}</td>
                <td>{formatCents(period.collectedCents)}</td>
                <td>{formatCents(period.collectedFromDebtorsCents)}</td>
                <td>{period.payComputing ? COMPUTING : formatCents(period.paidToPeopleCents)}</td>
                <td>{formatCents(period.vendorCostsCents)}</td>
                <td>{period.payComputing ? COMPUTING : formatCents(period.marginCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  )
}

const isEmpty = (period: ChartPeriod) =>
  period.invoicedCents === 0 &&
  period.collectedCents === 0 &&
  period.collectedFromDebtorsCents === 0 &&
  period.paidToPeopleCents === 0 &&
  period.vendorCostsCents === 0 &&
  period.marginCents === 0

function describe(period: ChartPeriod): string {
  return [
    periodLabel(period),
    `invoiced ${formatCents(period.invoicedCents)}`,
    `collected ${formatCents(period.collectedCents)}`,
    ...(period.payComputing
      ? ['paid to people and margin being computed']
      : [`paid to people ${formatCents(period.paidToPeopleCents)}`, `margin ${formatCents(period.marginCents)}`]),
  ].join(', ')
}
