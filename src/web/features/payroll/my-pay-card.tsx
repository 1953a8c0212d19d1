import { useState } from 'react'
import { Link } from 'react-router'
import { formatCents } from '../../../domain/billing/money'
import { formatCaseDate } from '../../../domain/formats/dates'
import { PAY_EVENT_LABELS } from '../../../domain/payroll/pay-kinds'
import { PERIOD_STATUS_LABELS } from '../../../domain/payroll/periods'
import type { MyPay, PayLineView } from '../../../domain/payroll/views'
import { ListLoadError } from '../../components/list-table'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { cn } from '../../lib/utils'
import { formatPeriod, useMyPay } from './my-pay-api'

type PeriodPay = MyPay['periods'][number]

/** Periods listed before 'Show all periods'. */
const FIRST_PERIODS = 6

const cell = 'px-2 py-1.5 whitespace-nowrap'
const money = cn(cell, 'text-right tabular-nums')

/**
 * My Pay, on the recovery agent's and camera car driver's dashboards: each period's earned, held,
 * approved and paid (newest first), and the chosen period's lines, each saying why it was paid.
 */
export function MyPayCard() {
  const [period, setPeriod] = useState<string | null>(null)
  const pay = useMyPay(period)
  return (
    <Card data-testid="my-pay">
      <CardHeader className="space-y-1">
        <CardTitle className="text-base">My Pay</CardTitle>
        <CardDescription>
          What you earned each pay period, what is held back, and what was approved and paid.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {pay.isPending && <p className="text-sm text-muted-foreground">Loading pay...</p>}
        {pay.isError && (
          <ListLoadError message={`Failed to load your pay: ${pay.error.message}`} onRetry={() => pay.refetch()} />
        )}
        {pay.data && (
          <div className={cn('space-y-4', pay.isPlaceholderData && 'opacity-60')} aria-busy={pay.isPlaceholderData}>
            <PeriodTable periods={pay.data.periods} selected={pay.data.period.start} onSelect={setPeriod} />
            <Lines pay={pay.data} />
          </div>
        )}
      </CardContent>
    </Card>
  )
}

function PeriodTable({
  periods,
  selected,
  onSelect,
}: {
  periods: PeriodPay[]
  selected: string
  onSelect: (start: string) => void
}) {
  const [all, setAll] = useState(false)
  if (periods.length === 0) return <p className="text-sm text-muted-foreground">No pay periods yet.</p>
  // The chosen period stays listed even when it is an older one.
  const shown = all ? periods : periods.filter((period, index) => index < FIRST_PERIODS || period.start === selected)
  const notYet = (
    <>
      <span aria-hidden>-</span>
      <span className="sr-only">not yet</span>
    </>
  )
  return (
    <div className="space-y-2">
      <p className="text-xs text-muted-foreground">Choose a period to see its lines.</p>
      {/* Positioned, so the cells' screen-reader words (absolutely placed) scroll with the table
          instead of widening the page past a phone's edge. */}
      <div className="relative overflow-x-auto rounded-lg border">
        <table className="w-full text-sm" data-testid="my-pay-periods">
          <caption className="sr-only">My pay by period, newest first</caption>
          <thead className="bg-muted text-left text-muted-foreground">
            <tr>
              <th className={cn(cell, 'sticky left-0 bg-muted')}>Period</th>
              <th className={cell}>Status</th>
              <th className={cn(cell, 'text-right')}>Earned</th>
              <th className={cn(cell, 'text-right')}>Held</th>
              <th className={cn(cell, 'text-right')}>Approved</th>
              <th className={cn(cell, 'text-right')}>Paid</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((period) => {
              const current = period.start === selected
              return (
                <tr
                  key={period.start}
                  className={cn('border-t', current && 'bg-accent')}
                  aria-current={current || undefined}
                >
                  {/* The period stays in view while a phone scrolls the figures sideways. */}
                  <th
                    scope="row"
                    className={cn(cell, 'sticky left-0 text-left font-normal', current ? 'bg-accent' : 'bg-card')}
                  >
                    <button
                      type="button"
                      aria-pressed={current}
                      className={cn(
                        'rounded-sm text-primary underline-offset-4 hover:underline focus-visible:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                        current && 'font-semibold',
                      )}
                      onClick={() => onSelect(period.start)}
                    >
                      {formatPeriod(period)}
                    </button>
                  </th>
                  <td className={cell}>{PERIOD_STATUS_LABELS[period.status]}</td>
                  <td className={money}>{formatCents(period.earnedCents)}</td>
                  <td className={money}>{formatCents(period.heldCents)}</td>
                  <td className={money}>{period.status === 'review' ? notYet : formatCents(period.approvedCents)}</td>
                  <td className={money}>
                    {period.status === 'paid' ? (
                      <>
                        {formatCents(period.paidCents)}
                        {period.paidOn && (
                          <span className="block text-xs text-muted-foreground">{formatCaseDate(period.paidOn)}</span>
                        )}
                      </>
                    ) : (
                      notYet
                    )}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      {periods.length > shown.length && (
        <Button variant="outline" size="sm" onClick={() => setAll(true)}>
          {`Show all periods (${periods.length})`}
        </Button>
      )}
    </div>
  )
}

function Lines({ pay }: { pay: MyPay }) {
  const name = formatPeriod(pay.period)
  return (
    <section className="space-y-2" aria-labelledby="my-pay-lines-title">
      <h3 id="my-pay-lines-title" className="text-sm font-semibold">{`Lines for ${name}`}</h3>
      {pay.lines.length === 0 ? (
        <p className="py-4 text-center text-sm text-muted-foreground">No pay yet this period.</p>
      ) : (
        <ul className="divide-y rounded-lg border" aria-label={`Pay lines, ${name}`} data-testid="my-pay-lines">
          {pay.lines.map((line) => (
            <PayLine key={line.key} line={line} />
          ))}
        </ul>
      )}
      {pay.eventsWithoutPay > 0 && (
        <p className="text-xs text-muted-foreground" data-testid="my-pay-unpaid">
          {`${pay.eventsWithoutPay} ${pay.eventsWithoutPay === 1 ? 'event' : 'events'} this period earned no pay. Your manager can tell you why.`}
        </p>
      )}
    </section>
  )
}

function PayLine({ line }: { line: PayLineView }) {
  return (
    <li className="space-y-1 px-3 py-2 text-sm">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <p>
            <span className="font-medium">{PAY_EVENT_LABELS[line.kind]}</span>
            {line.caseLabel && (
              <>
                {' · '}
                {line.caseHref ? (
                  <Link to={line.caseHref} className="font-medium text-primary underline-offset-4 hover:underline">
                    {line.caseLabel}
                  </Link>
                ) : (
                  line.caseLabel
                )}
              </>
            )}
          </p>
          <p className="text-xs text-muted-foreground">
            {formatCaseDate(line.occurredOn)}
            {line.carriedFrom && ` · carried over from the period of ${formatCaseDate(line.carriedFrom)}`}
          </p>
        </div>
        <div className="text-right">
          <p className={cn('font-medium tabular-nums', line.amountCents < 0 && 'text-destructive')}>
            {formatCents(line.amountCents)}
          </p>
          {line.heldCents !== 0 && (
            <p className="text-xs tabular-nums text-muted-foreground">{`${formatCents(line.heldCents)} held`}</p>
          )}
        </div>
      </div>
      <p className="whitespace-pre-line break-words text-muted-foreground">{line.explanation}</p>
    </li>
  )
}
