import { FileDown } from 'lucide-react'
import { useState } from 'react'
import { AGING_BUCKETS } from '../../../domain/billing/aging'
import { formatCents } from '../../../domain/billing/money'
import { formatCaseDate } from '../../../domain/formats/dates'
import { formatWhole } from '../../../domain/formats/numbers'
import { Button } from '../../components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog'
import { useAging, useStatement } from './api'

/** Receivables aging by client (0-30, 31-60, 61-90, 90+ days since sent), with a statement per client. */
export function AgingPanel() {
  const aging = useAging()
  const [statementOf, setStatementOf] = useState<string | null>(null)
  if (aging.isPending) return <p className="text-sm text-muted-foreground">Loading...</p>
  if (aging.isError) return <p className="text-sm text-destructive">{aging.error.message}</p>
  if (aging.data.clients.length === 0)
    return <p className="text-sm text-muted-foreground">Nothing is owed: no sent invoice is open.</p>
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="aging-table">
        <caption className="sr-only">What each client owes, by days since the invoice was sent</caption>
        <thead className="text-left text-muted-foreground">
          <tr>
            <th className="py-1 pr-2">Client</th>
            {AGING_BUCKETS.map((bucket) => (
              <th key={bucket} className="py-1 pr-2 text-right">
                {bucket} days
              </th>
            ))}
            <th className="py-1 pr-2 text-right">Total</th>
            <th className="py-1">
              <span className="sr-only">Statement</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {aging.data.clients.map((client) => (
            <tr key={client.clientId ?? 'none'} className="border-t">
              <td className="py-1 pr-2">{client.clientName}</td>
              {AGING_BUCKETS.map((bucket) => (
                <td key={bucket} className="py-1 pr-2 text-right tabular-nums">
                  {formatCents(client.buckets[bucket])}
                </td>
              ))}
              <td className="py-1 pr-2 text-right font-medium tabular-nums">{formatCents(client.totalCents)}</td>
              <td className="py-1">
                {client.clientId && (
                  <Button size="sm" variant="ghost" onClick={() => setStatementOf(client.clientId)}>
                    Statement<span className="sr-only"> of {client.clientName}</span>
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t font-semibold">
            <td className="py-1 pr-2">All clients</td>
            {AGING_BUCKETS.map((bucket) => (
              <td key={bucket} className="py-1 pr-2 text-right tabular-nums">
                {formatCents(aging.data.totals[bucket])}
              </td>
            ))}
            <td className="py-1 pr-2 text-right tabular-nums">{formatCents(aging.data.totalCents)}</td>
            <td />
          </tr>
        </tfoot>
      </table>
      {statementOf && <StatementDialog clientId={statementOf} onClose={() => setStatementOf(null)} />}
    </div>
  )
}

function StatementDialog({ clientId, onClose }: { clientId: string; onClose: () => void }) {
  const statement = useStatement(clientId)
  const first = statement.data?.pages[0]
  const invoices = statement.data?.pages.flatMap((page) => page.invoices) ?? []
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogTitle>Statement{first ? `: ${first.client.name}` : ''}</DialogTitle>
        <DialogDescription>
          Every open invoice with its age and balance
          {first ? `, as of ${formatCaseDate(first.asOf)}` : ''}.
        </DialogDescription>
        {statement.isPending && <p className="text-sm text-muted-foreground">Loading...</p>}
        {statement.isError && <p className="text-sm text-destructive">{statement.error.message}</p>}
        {first && (
          <div className="space-y-3">
            <table className="w-full text-sm">
              <thead className="text-left text-muted-foreground">
                <tr>
                  <th className="py-1 pr-2">Invoice</th>
                  <th className="py-1 pr-2">Case</th>
                  <th className="py-1 pr-2">Sent</th>
                  <th className="py-1 pr-2">Due</th>
                  <th className="py-1 pr-2 text-right">Days</th>
                  <th className="py-1 text-right">Balance</th>
                </tr>
              </thead>
              <tbody>
                {invoices.map((invoice) => (
                  <tr key={invoice.id} className="border-t">
                    <td className="py-1 pr-2">{invoice.number}</td>
                    <td className="py-1 pr-2">{invoice.case_label}</td>
                    <td className="py-1 pr-2">{formatCaseDate(invoice.sent_on)}</td>
                    <td className="py-1 pr-2">{formatCaseDate(invoice.due_on)}</td>
                    <td className="py-1 pr-2 text-right tabular-nums">{invoice.days}</td>
                    <td className="py-1 text-right tabular-nums">{formatCents(invoice.balance_cents)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="border-t font-semibold">
                  <td className="py-1" colSpan={5}>
                    Total owed
                  </td>
                  <td className="py-1 text-right tabular-nums">{formatCents(first.totalCents)}</td>
                </tr>
              </tfoot>
            </table>
            {first.invoiceCount > invoices.length && (
              <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
                <p data-testid="statement-listed-of">{`Listing ${formatWhole(invoices.length)} of ${formatWhole(first.invoiceCount)} invoices`}</p>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={!statement.hasNextPage || statement.isFetchingNextPage}
                  onClick={() => void statement.fetchNextPage()}
                >
                  {statement.isFetchingNextPage ? 'Loading...' : 'Show more invoices'}
                </Button>
              </div>
            )}
            <Button variant="outline" asChild>
              <a href={`/api/invoices/aging/${clientId}/statement.pdf`} target="_blank" rel="noreferrer">
                <FileDown aria-hidden />
                Statement PDF
              </a>
            </Button>
          </div>
        )}
      </DialogContent>
    </Dialog>
  )
}
