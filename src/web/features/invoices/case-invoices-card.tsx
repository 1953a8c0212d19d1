import { Link } from 'react-router'
import { canOpenScreen } from '../../../domain/auth/permissions'
import { formatCents } from '../../../domain/billing/money'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { useMe } from '../auth/session'
import { useCaseInvoices } from './api'
import { InvoiceStatusBadge, WindowNote } from './invoice-badges'

type Target = { subject: 'order'; orderId: string } | { subject: 'case'; caseId: string }

/** The case is queued: the background drafting writes its draft (or a supplement) in a moment. */
const WaitingForDraft = () => (
  <p role="status" className="text-sm text-muted-foreground" data-testid="case-draft-waiting">
    Its draft invoice is being written...
  </p>
)

function CaseInvoices({ target }: { target: Target }) {
  const query = useCaseInvoices(target)
  if (query.isPending) return <p className="text-sm text-muted-foreground">Loading...</p>
  if (query.isError) return <p className="text-sm text-destructive">{query.error.message}</p>
  const { invoices, waitingForDraft } = query.data
  if (invoices.length === 0) {
    if (waitingForDraft) return <WaitingForDraft />
    return <p className="text-sm text-muted-foreground">No invoice yet: one is drafted when the case is repossessed.</p>
  }
  return (
    <ul className="space-y-2 text-sm">
      {waitingForDraft && <WaitingForDraft />}
      {invoices.map((invoice) => (
        <li key={invoice.id} className="space-y-1" data-testid="case-invoice">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Link
              className="font-medium underline underline-offset-4"
              to={`/dashboard/invoice-management?invoice=${invoice.id}`}
            >
              {invoice.number}
            </Link>
            <InvoiceStatusBadge status={invoice.status} label={invoice.status_label} />
          </div>
          <p className="tabular-nums">
            Billed {formatCents(invoice.billed_cents)} · Balance {formatCents(invoice.balance_cents)}
          </p>
          <p className="text-xs">
            <WindowNote window={invoice.window} />
          </p>
        </li>
      ))}
    </ul>
  )
}

/** A case's invoices on its detail, for those who may open Invoice Management. */
export function CaseInvoicesCard({ target }: { target: Target }) {
  const role = useMe().data?.profile.role
  if (!canOpenScreen(role, 'Invoice')) return null
  return (
    <Card data-testid="case-invoices-card">
      <CardHeader className="pb-3">
        <CardTitle className="text-base">Invoices</CardTitle>
      </CardHeader>
      <CardContent>
        <CaseInvoices target={target} />
      </CardContent>
    </Card>
  )
}
