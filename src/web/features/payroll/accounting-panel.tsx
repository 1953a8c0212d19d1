import { Plus, Trash2 } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { formatCents } from '../../../domain/billing/money'
import { formatCaseDate } from '../../../domain/formats/dates'
import { PERIOD_STATUS_LABELS, periodLabel } from '../../../domain/payroll/periods'
import type { AccountingRow, AccountingView } from '../../../domain/payroll/views'
import { ListLoadError } from '../../components/list-table'
import { Button } from '../../components/ui/button'
import { SelectField } from '../../components/ui/form-field'
import { notify } from '../../components/ui/toaster'
import { cn } from '../../lib/utils'
import { payComputing, useAccounting, useDeleteVendorCost, type VendorCost } from './accounting-api'
import { AccountingChart } from './accounting-chart'
import { usePayrollOverview } from './api'
import { ConfirmDialog } from './confirm-dialog'
import { VENDOR_COST_KINDS, VendorCostDialog } from './vendor-cost-dialog'

type Figures = Omit<AccountingRow, 'client' | 'market'>

const cell = 'px-2 py-1.5 whitespace-nowrap'

export const PAY_COMPUTING_TEXT =
  'Pay to people is being computed for some of these periods: its figures and the margins fill in by themselves.'
const money = cn(cell, 'text-right tabular-nums')

/**
 * Payroll & Accounting's Accounting tab (admin, manager): a period's invoiced, collected, paid to
 * people, vendor costs and margin by client and market, the last 12 periods as a chart, and the
 * period's vendor costs (added and deleted here).
 */
export function AccountingPanel() {
  const periods = usePayrollOverview()
  // The period is the Payroll tab's own query parameter: switching tabs keeps the period in view.
  const [params, setParams] = useSearchParams()
  const asked = params.get('period')
  const listed = periods.data?.periods ?? []
  const period = listed.some((item) => item.start === asked) ? asked : (periods.data?.current ?? null)
  const view = useAccounting(period)
  const [adding, setAdding] = useState(false)
  const choose = (value: string) => {
    const next = new URLSearchParams(params)
    if (value === periods.data?.current) next.delete('period')
    else next.set('period', value)
    setParams(next, { replace: true })
  }

  if (periods.isPending) return <p className="text-sm text-muted-foreground">Loading periods...</p>
  if (periods.isError)
    return (
      <ListLoadError
        message={`Failed to load the pay periods: ${periods.error.message}`}
        onRetry={() => periods.refetch()}
      />
    )
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="max-w-prose text-sm text-muted-foreground">
          What each client and market brought in and cost in a pay period: margin is what was invoiced less paid to
          people and vendor costs.
        </p>
        <div className="w-full sm:w-96">
          <SelectField
            id="accounting-period"
            label="Accounting period"
            value={period ?? ''}
            onChange={(event) => choose(event.target.value)}
          >
            {period && !listed.some((item) => item.start === period) && <option value={period}>{period}</option>}
            {listed.map((item) => (
              <option key={item.start} value={item.start}>
                {`${periodLabel(item)} · ${PERIOD_STATUS_LABELS[item.status]}${item.start === periods.data.current ? ' (current)' : ''}`}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
      {view.isPending && <p className="text-sm text-muted-foreground">Loading accounting...</p>}
      {view.isError && (
        <ListLoadError message={`Failed to load accounting: ${view.error.message}`} onRetry={() => view.refetch()} />
      )}
      {view.data && (
        <div className={cn('space-y-6', view.isPlaceholderData && 'opacity-60')} aria-busy={view.isPlaceholderData}>
          {payComputing(view.data) && (
            <p role="status" className="rounded-md border bg-muted/40 px-3 py-2 text-sm text-muted-foreground">
              {PAY_COMPUTING_TEXT}
            </p>
          )}
          <Block title="By client and market">
            <AccountingTable view={view.data} />
          </Block>
          <Block title="Last 12 periods">
            <AccountingChart periods={view.data.chart} selected={view.data.period.start} />
          </Block>
          <Block
            title="Vendor costs"
            action={
              <Button size="sm" onClick={() => setAdding(true)}>
                <Plus aria-hidden />
                Add vendor cost
              </Button>
            }
          >
            <VendorCosts costs={view.data.vendorCosts} />
          </Block>
          {adding && <VendorCostDialog period={view.data.period} onClose={() => setAdding(false)} />}
        </div>
      )}
    </div>
  )
}

function Block({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  )
}

/** A margin below zero stands out: red and bold, beside its minus sign. */
function Margin({ cents }: { cents: number }) {
  return <span className={cn(cents < 0 && 'font-semibold text-destructive')}>{formatCents(cents)}</span>
}

/** What stands for a figure of pay to people not computed yet (positioned, so its hidden words stay in the table's scroll). */
function Computing() {
  return (
    <span className="relative text-muted-foreground">
      <span aria-hidden>…</span>
      <span className="sr-only">Being computed</span>
    </span>
  )
}

function FigureCells({ figures, payComputing }: { figures: Figures; payComputing: boolean }) {
  return (
    <>
      <td className={money}>{formatCents(figures.invoicedCents)}</td>
      <td className={money}>{formatCents(figures.collectedCents)}</td>
      <td className={money} data-testid="collected-from-debtors">
        {formatCents(figures.collectedFromDebtorsCents)}
      </td>
      <td className={money}>{payComputing ? <Computing /> : formatCents(figures.paidToPeopleCents)}</td>
      <td className={money}>{formatCents(figures.vendorCostsCents)}</td>
      <td className={money} data-testid="margin">
        {payComputing ? <Computing /> : <Margin cents={figures.marginCents} />}
      </td>
    </>
  )
}

function AccountingTable({ view }: { view: AccountingView }) {
  if (view.rows.length === 0 && view.payComputing)
    return <p className="py-4 text-center text-sm text-muted-foreground">Computing pay to people...</p>
  if (view.rows.length === 0)
    return (
      <p className="py-4 text-center text-sm text-muted-foreground">
        Nothing was invoiced, collected, paid or spent in this period.
      </p>
    )
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-sm" data-testid="accounting-table">
        <caption className="sr-only">{`Accounting by client and market, ${periodLabel(view.period)}`}</caption>
        <thead className="bg-muted/50 text-left text-muted-foreground">
          <tr>
            <th className={cell}>Client</th>
            <th className={cell}>Market</th>
            <th className={cn(cell, 'text-right')}>Invoiced</th>
            <th className={cn(cell, 'text-right')}>Collected</th>
            <th className={cn(cell, 'text-right')}>Collected from debtors</th>
            <th className={cn(cell, 'text-right')}>Paid to people</th>
            <th className={cn(cell, 'text-right')}>Vendor costs</th>
            <th className={cn(cell, 'text-right')}>Margin</th>
          </tr>
        </thead>
        <tbody>
          {view.rows.map((row) => (
            <tr key={`${row.client}\u0000${row.market}`} className="border-t" data-testid="accounting-row">
              <td className={cell}>{row.client}</td>
              <td className={cell}>{row.market}</td>
              <FigureCells figures={row} payComputing={view.payComputing} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t font-semibold" data-testid="accounting-totals">
            <th scope="row" colSpan={2} className={cn(cell, 'text-left')}>
              Total
            </th>
            <FigureCells figures={view.totals} payComputing={view.payComputing} />
          </tr>
        </tfoot>
      </table>
    </div>
  )
}

function VendorCosts({ costs }: { costs: VendorCost[] }) {
  const remove = useDeleteVendorCost()
  const [deleting, setDeleting] = useState<VendorCost | null>(null)
  if (costs.length === 0)
    return <p className="py-4 text-center text-sm text-muted-foreground">No vendor costs in this period.</p>
  const total = costs.reduce((sum, cost) => sum + cost.amountCents, 0)
  const confirmDelete = (cost: VendorCost) =>
    remove.mutate(cost.id, {
      onSuccess: () => {
        notify.success({ title: 'Vendor cost deleted' })
        setDeleting(null)
      },
      onError: (error) => notify.failure(error),
    })
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-sm" data-testid="vendor-costs">
        <caption className="sr-only">Vendor costs of the period</caption>
        <thead className="bg-muted/50 text-left text-muted-foreground">
          <tr>
            <th className={cell}>Day</th>
            <th className={cell}>Vendor</th>
            <th className={cell}>Kind</th>
            <th className={cell}>Case</th>
            <th className={cell}>Note</th>
            <th className={cn(cell, 'text-right')}>Amount</th>
            <th className={cell}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {costs.map((cost) => (
            <tr key={cost.id} className="border-t" data-testid="vendor-cost-row">
              <td className={cell}>{formatCaseDate(cost.incurredOn)}</td>
              <td className={cell}>{cost.vendorName}</td>
              <td className={cell}>{VENDOR_COST_KINDS[cost.kind]}</td>
              <td className={cell}>
                {cost.caseHref ? (
                  <Link to={cost.caseHref} className="font-medium text-primary underline-offset-4 hover:underline">
                    {cost.caseLabel ?? 'Case'}
                  </Link>
                ) : (
                  (cost.caseLabel ?? '-')
                )}
              </td>
              <td className="min-w-40 px-2 py-1.5">{cost.note ?? '-'}</td>
              <td className={money}>{formatCents(cost.amountCents)}</td>
              <td className="px-2 py-1 text-right">
                <Button size="sm" variant="ghost" onClick={() => setDeleting(cost)}>
                  <Trash2 aria-hidden />
                  Delete
                  <span className="sr-only">{` vendor cost: ${cost.vendorName}, ${formatCents(cost.amountCents)}, ${formatCaseDate(cost.incurredOn)}`}</span>
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t font-semibold">
            <th scope="row" colSpan={5} className={cn(cell, 'text-left')}>
              Total vendor costs
            </th>
            <td className={money}>{formatCents(total)}</td>
            <td />
          </tr>
        </tfoot>
      </table>
      {deleting && (
        <ConfirmDialog
          title="Delete this vendor cost?"
          description={`${deleting.vendorName}, ${VENDOR_COST_KINDS[deleting.kind].toLowerCase()}, ${formatCents(deleting.amountCents)} on ${formatCaseDate(deleting.incurredOn)}. The margin goes up by as much.`}
          confirmLabel="Delete vendor cost"
          destructive
          busy={remove.isPending}
          onConfirm={() => confirmDelete(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  )
}
