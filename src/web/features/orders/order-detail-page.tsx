import { ArrowLeft, Pencil, Save, X } from 'lucide-react'
import { useEffect } from 'react'
import { useParams } from 'react-router'
import { useBack } from '../../app/back-navigation'
import { CopyButton } from '../../components/copy-button'
import { address } from '../../components/detail-card'
import { DetailMessage, DetailSkeleton } from '../../components/detail-states'
import { StatusBadge } from '../../components/status-badge'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { FormProblems, FormProblemsSummary } from '../../components/ui/form-problems'
import { notify } from '../../components/ui/toaster'
import { ApiError } from '../../lib/api'
import { PropertyCard } from '../after-recovery/property-card'
import { RedemptionCard } from '../after-recovery/redemption-card'
import { ConditionReportCard } from '../condition-reports/condition-report-card'
import { PriceCard } from '../fees/price-card'
import { FieldActButtons, FieldRecordCard } from '../holds/field-record-card'
import { StopBanner } from '../holds/stop-banner'
import { CaseInvoicesCard } from '../invoices/case-invoices-card'
import { TimelineCard as NotesAndHistoryCard } from '../timeline/timeline-card'
import { type OrderDetail, useOrder } from './api'
import { AssignmentCard } from './assignment-card'
import {
  BorrowerCard,
  ClientCard,
  FeeRequestsCard,
  FindAndRecoveryCard,
  RecoveryCard,
  TimelineCard,
} from './order-cards'
import { type OrderEditor, useOrderEdit } from './use-order-edit'
import { VehicleCard } from './vehicle-card'

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

function PriorityBadge({ priority }: { priority: string }) {
  const urgent = priority === 'high' || priority === 'critical'
  return (
    <Badge variant={urgent ? 'destructive' : priority === 'low' ? 'outline' : 'secondary'}>
      {capitalize(priority)}
    </Badge>
  )
}

function EditActions({ editor }: { editor: OrderEditor }) {
  if (!editor.editing) {
    return (
      <Button onClick={editor.start}>
        <Pencil aria-hidden />
        Edit
      </Button>
    )
  }
  return (
    <div className="space-y-2">
      <div className="flex gap-2">
        <Button onClick={() => void editor.submit()} disabled={editor.saving}>
          <Save aria-hidden />
          {editor.saving ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="outline" onClick={editor.cancel} disabled={editor.saving}>
          <X aria-hidden />
          Cancel
        </Button>
      </div>
      <FormProblemsSummary className="max-w-xs rounded-md border border-destructive/50 bg-destructive/10 p-2 text-sm text-destructive" />
    </div>
  )
}

function OrderView({ order }: { order: OrderDetail }) {
  const { back } = useBack()
  const editor = useOrderEdit(order)
  const vehicle = [order.year, order.make, order.model].filter(Boolean).join(' ')
  const field = { subject: 'order', orderId: order.id } as const
  // Where an agent recovers it, most likely: where it was last known to be, else the borrower's home.
  const recoveryAddress =
    address(order.last_known_address, order.last_known_city, order.last_known_state, order.last_known_zip) ??
    address(order.borrower_address, order.borrower_city, order.borrower_state, order.borrower_zip)
  return (
    <FormProblems error={editor.refusal}>
      <main className="mx-auto max-w-6xl space-y-4 p-4 md:p-6">
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div className="space-y-1">
            <Button variant="outline" size="sm" onClick={back}>
              <ArrowLeft aria-hidden />
              Back
            </Button>
            <div className="flex flex-wrap items-center gap-2 pt-2">
              <h1 className="mr-1 text-2xl font-semibold tracking-tight">{order.case_number || order.order_number}</h1>
              <StatusBadge status={order.status} />
              <PriorityBadge priority={order.priority} />
            </div>
            <p className="text-muted-foreground">{vehicle || '-'}</p>
            {order.vin && (
              <p className="flex items-center gap-1 font-mono text-sm">
                {order.vin}
                <CopyButton value={order.vin} label="VIN" />
              </p>
            )}
          </div>
          <div className="flex flex-wrap items-start gap-2">
            <FieldActButtons target={field} address={recoveryAddress} />
            <EditActions editor={editor} />
          </div>
        </header>
        <StopBanner target={field} />
        <div className="grid gap-4 md:grid-cols-2">
          <VehicleCard order={order} editor={editor} />
          <BorrowerCard order={order} editor={editor} />
          <RecoveryCard order={order} />
          <AssignmentCard order={order} editor={editor} />
          <FieldRecordCard target={field} />
          <FeeRequestsCard order={order} />
          <PriceCard target={{ subject: 'order', orderId: order.id }} />
          <CaseInvoicesCard target={{ subject: 'order', orderId: order.id }} />
          <ClientCard order={order} />
          <TimelineCard order={order} />
          <FindAndRecoveryCard order={order} />
          <ConditionReportCard target={{ subject: 'order', orderId: order.id }} className="md:col-span-2" />
          <RedemptionCard target={{ subject: 'order', orderId: order.id }} className="md:col-span-2" />
          <PropertyCard target={{ subject: 'order', orderId: order.id }} className="md:col-span-2" />
          <NotesAndHistoryCard
            target={{ subject: 'order', orderId: order.id }}
            version={order.updated_at}
            className="md:col-span-2"
          />
        </div>
      </main>
    </FormProblems>
  )
}

function OrderNotFound() {
  const { back } = useBack()
  return (
    <DetailMessage
      title="Order Not Found"
      message="The order you are looking for does not exist or is not in your company."
      action={<Button onClick={back}>Back to Orders</Button>}
    />
  )
}

/** /order/<id>: one order, outside the shell, for any signed-in person (SPEC.md section 2). */
export function OrderDetailPage() {
  const { id } = useParams()
  const found = useOrder(id)
  const missing = !id || (found.error instanceof ApiError && found.error.status === 404)

  useEffect(() => {
    if (!id) notify.error({ title: 'Error', description: 'No order ID provided' })
    else if (found.error instanceof ApiError && found.error.status === 404) {
      notify.error({ title: 'Error', description: 'Order not found' })
    } else if (found.error) notify.error({ title: 'Error', description: 'Failed to load order details' })
  }, [id, found.error])

  if (missing) return <OrderNotFound />
  if (found.isPending) return <DetailSkeleton testId="order-skeleton" />
  if (found.isError) {
    return (
      <DetailMessage
        title="Something went wrong"
        message="Failed to load order details"
        action={<Button onClick={() => void found.refetch()}>Try Again</Button>}
      />
    )
  }
  // Keyed: an edit in progress never carries over to another order.
  return <OrderView key={found.data.id} order={found.data} />
}
