import { useState } from 'react'
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '../../../domain/billing/invoice-status'
import { formatCents, parseDollars } from '../../../domain/billing/money'
import { Button } from '../../components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog'
import { FormField, TextareaField } from '../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../components/ui/form-problems'
import { notify } from '../../components/ui/toaster'
import { type InvoiceDetail, useMoveInvoice } from './api'

const DESCRIPTIONS: Partial<Record<InvoiceStatus, string>> = {
  on_hold: 'Say why the lender holds it.',
  rejected: 'Say why the lender rejected it: a rejected invoice can be resubmitted as a revision.',
  short_paid: 'Say why the lender paid less: the balance stays unpaid.',
  written_off: 'Say why the balance is written off.',
  approved: 'What the lender approved of each line (all of it unless you change it).',
}

/** A move that needs more than a click: a reason, or the approved amount of each line. */
export function MoveDialog({
  invoice,
  status,
  onClose,
}: {
  invoice: InvoiceDetail
  status: InvoiceStatus
  onClose: () => void
}) {
  const move = useMoveInvoice(invoice.id)
  const [reason, setReason] = useState('')
  const [approved, setApproved] = useState(() =>
    Object.fromEntries(invoice.lines.map((line) => [line.id, (line.billed_cents / 100).toFixed(2)])),
  )
  // The form's own check (an approved amount above the line), or the server's refusal, each beside its field.
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null)
  const [refusal, setRefusal] = useState<unknown>(null)
  const label = INVOICE_STATUS_LABELS[status]

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setProblem(null)
    setRefusal(null)
    const lines = invoice.lines.map((line, index) => ({ line, index, cents: parseDollars(approved[line.id] ?? '') }))
    const bad = lines.find(({ cents, line }) => status === 'approved' && (cents === null || cents > line.billed_cents))
    if (bad) {
      setProblem({
        field: `approved.${bad.index}.approvedCents`,
        message: `Up to ${formatCents(bad.line.billed_cents)}.`,
      })
      return
    }
    try {
      await move.mutateAsync({
        status,
        reason: reason.trim() || null,
        approved:
          status === 'approved'
            ? lines.map(({ line, cents }) => ({ lineId: line.id, approvedCents: cents ?? 0 }))
            : null,
      })
      notify.success({ title: `Invoice ${invoice.number} is ${label}` })
      onClose()
    } catch (failure) {
      setRefusal(failure)
    }
  }

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogTitle>
          Mark {invoice.number} {label}
        </DialogTitle>
        <DialogDescription>{DESCRIPTIONS[status] ?? `Move the invoice to ${label}.`}</DialogDescription>
        <FormProblems error={refusal}>
          <form className="space-y-3" onSubmit={(event) => void submit(event)} noValidate>
            {status === 'approved' &&
              invoice.lines.map((line, index) => (
                <FormField
                  key={line.id}
                  id={`approved-${line.id}`}
                  label={`${line.fee_name} (billed ${formatCents(line.billed_cents)})`}
                  inputMode="decimal"
                  value={approved[line.id] ?? ''}
                  onChange={(event) => setApproved({ ...approved, [line.id]: event.target.value })}
                  field={`approved.${index}.approvedCents`}
                  error={problem?.field === `approved.${index}.approvedCents` ? problem.message : undefined}
                />
              ))}
            {status !== 'approved' && (
              <TextareaField
                id="move-reason"
                label="Reason"
                name="reason"
                value={reason}
                maxLength={500}
                onChange={(event) => setReason(event.target.value)}
              />
            )}
            <FormProblemsSummary className="text-sm text-destructive" />
            <Button type="submit" disabled={move.isPending}>
              {move.isPending ? 'Saving...' : `Mark ${label}`}
            </Button>
          </form>
        </FormProblems>
      </DialogContent>
    </Dialog>
  )
}
