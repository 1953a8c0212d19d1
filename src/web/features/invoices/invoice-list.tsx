import type { InvoiceQueue } from '../../../domain/billing/invoice-status'
import { formatCents } from '../../../domain/billing/money'
import type { InvoiceSummaryRow } from './api'
import { useInvoiceQueue } from './api'
import { InvoiceStatusBadge, WindowNote } from './invoice-badges'

type Props = {
  queue: InvoiceQueue
  page: number
  search: string
  selected: string | null
  onSelect: (id: string) => void
  onPage: (page: number) => void
}

/** One queue's invoices, newest first, 50 a page. */
export function InvoiceList({ queue, page, search, selected, onSelect, onPage }: Props) {
  const list = useInvoiceQueue(queue, page, search)
  if (list.isPending) return <p className="text-sm text-muted-foreground">Loading...</p>
  if (list.isError) return <p className="text-sm text-destructive">{list.error.message}</p>
  const { invoices, hasMore } = list.data
  if (invoices.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        {search ? 'No invoice matches that search.' : 'No invoices here.'}
      </p>
    )
  }
  return (
    <div className="space-y-2">
      <ul className="divide-y rounded-md border" aria-label="Invoices">
        {invoices.map((invoice) => (
          <li key={invoice.id}>
            <InvoiceRowButton invoice={invoice} current={invoice.id === selected} onSelect={onSelect} />
          </li>
        ))}
      </ul>
      {(page > 1 || hasMore) && (
        <div className="flex items-center justify-between text-sm">
          <button
            type="button"
            className="underline underline-offset-4 disabled:opacity-50 disabled:no-underline"
            disabled={page === 1}
            onClick={() => onPage(page - 1)}
          >
            Newer
          </button>
          <span className="text-muted-foreground">Page {page}</span>
          <button
            type="button"
            className="underline underline-offset-4 disabled:opacity-50 disabled:no-underline"
            disabled={!hasMore}
            onClick={() => onPage(page + 1)}
          >
            Older
          </button>
        </div>
      )}
    </div>
  )
}

function InvoiceRowButton({
  invoice,
  current,
  onSelect,
}: {
  invoice: InvoiceSummaryRow
  current: boolean
  onSelect: (id: string) => void
}) {
  return (
    <button
      type="button"
      aria-current={current ? 'true' : undefined}
      onClick={() => onSelect(invoice.id)}
      className="w-full space-y-1 px-3 py-2 text-left text-sm hover:bg-accent aria-[current=true]:bg-accent"
      data-testid="invoice-row"
    >
      <span className="flex items-center justify-between gap-2">
        <span className="font-medium">{invoice.number}</span>
        <InvoiceStatusBadge status={invoice.status} label={invoice.status_label} />
      </span>
      <span className="flex justify-between gap-2">
        <span className="truncate">
          {invoice.case_label} · {invoice.client_name ?? 'No client'}
        </span>
        <span className="tabular-nums">{formatCents(invoice.balance_cents)}</span>
      </span>
      <span className="block text-xs">
        <WindowNote window={invoice.window} />
      </span>
      {invoice.pricing_note && (
        <span className="block text-xs text-amber-700 dark:text-amber-400">{invoice.pricing_note}</span>
      )}
    </button>
  )
}
