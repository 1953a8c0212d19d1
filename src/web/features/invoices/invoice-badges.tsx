import type { InvoiceStatus } from '../../../domain/billing/invoice-status'
import { Badge } from '../../components/ui/badge'
import type { InvoiceSummaryRow } from './api'

const STATUS_VARIANT: Record<InvoiceStatus, 'default' | 'secondary' | 'destructive' | 'outline'> = {
  draft: 'outline',
  sent: 'secondary',
  lender_pending: 'secondary',
  on_hold: 'secondary',
  approved: 'default',
  paid: 'default',
  short_paid: 'secondary',
  rejected: 'destructive',
  written_off: 'outline',
}

export function InvoiceStatusBadge({ status, label }: { status: InvoiceStatus; label: string }) {
  return <Badge variant={STATUS_VARIANT[status]}>{label}</Badge>
}

/** Days since completion against the client's window to invoice: a warning before it is late. */
export function WindowNote({ window }: { window: InvoiceSummaryRow['window'] }) {
  if (window.daysSinceCompletion === null) return null
  const since = `${window.daysSinceCompletion} ${window.daysSinceCompletion === 1 ? 'day' : 'days'} since completion`
  if (window.state === 'late') {
    return (
      <span className="font-medium text-destructive">
        {since}: {Math.abs(window.daysLeft ?? 0)} past the client's window
      </span>
    )
  }
  if (window.state === 'closing') {
    return (
      <span className="font-medium text-amber-700 dark:text-amber-400">
        {since}: {window.daysLeft} left to invoice
      </span>
    )
  }
  return (
    <span className="text-muted-foreground">
      {window.state === 'open' ? `${since} of ${(window.daysSinceCompletion ?? 0) + (window.daysLeft ?? 0)}` : since}
    </span>
  )
}
