import { useState } from 'react'
import { formatCents, parseDollars } from '../../../domain/billing/money'
import { agencyToday } from '../../../domain/formats/agency-time'
import { Button } from '../../components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog'
import { FormField } from '../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../components/ui/form-problems'
import { notify } from '../../components/ui/toaster'
import { type InvoiceDetail, usePostPayment } from './api'

/**
 * A payment from the lender: one amount spread over the lines, or by line with a short-pay
 * reason; never above what is billed (the server checks again, under a lock).
 */
export function PaymentDialog({ invoice, onClose }: { invoice: InvoiceDetail; onClose: () => void }) {
  const post = usePostPayment(invoice.id)
  const [receivedOn, setReceivedOn] = useState(() => agencyToday())
  const [reference, setReference] = useState('')
  const [byLine, setByLine] = useState(false)
  const [amount, setAmount] = useState((invoice.balance_cents / 100).toFixed(2))
  const open = invoice.lines.filter((line) => line.billed_cents > line.paid_cents)
  const [lineAmounts, setLineAmounts] = useState(() =>
    Object.fromEntries(open.map((line) => [line.id, ((line.billed_cents - line.paid_cents) / 100).toFixed(2)])),
  )
  const [reasons, setReasons] = useState<Record<string, string>>({})
  // The form's own check, or the server's refusal (its reasons beside their fields, the rest below).
  const [error, setError] = useState<{ field: string; message: string } | null>(null)
  const [refusal, setRefusal] = useState<unknown>(null)
  const fieldError = (field: string) => (error?.field === field ? error.message : undefined)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setError(null)
    setRefusal(null)
    if (!byLine) {
      const cents = parseDollars(amount)
      if (cents === null || cents <= 0)
        return setError({ field: 'amountCents', message: 'Enter an amount, like 150.00.' })
      if (cents > invoice.balance_cents) {
        return setError({
          field: 'amountCents',
          message: `Above the balance of ${formatCents(invoice.balance_cents)}.`,
        })
      }
    }
    const lines = open.map((line) => ({
      lineId: line.id,
      amountCents: parseDollars(lineAmounts[line.id] ?? '') ?? -1,
      shortPayReason: reasons[line.id]?.trim() || null,
    }))
    const badLine = lines.findIndex((line) => line.amountCents < 0)
    if (byLine && badLine >= 0)
      return setError({ field: `lines.${badLine}.amountCents`, message: 'Enter an amount, like 150.00.' })
    try {
      await post.mutateAsync({
        receivedOn,
        reference: reference.trim() || null,
        amountCents: byLine ? null : parseDollars(amount),
        lines: byLine ? lines : null,
      })
      notify.success({ title: 'Payment posted' })
      onClose()
    } catch (failure) {
      setRefusal(failure)
    }
  }

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogTitle>Post a payment to {invoice.number}</DialogTitle>
        <DialogDescription>Balance {formatCents(invoice.balance_cents)}.</DialogDescription>
        <FormProblems error={refusal}>
          <form className="space-y-3" onSubmit={(event) => void submit(event)} noValidate>
            <FormField
              id="payment-received"
              label="Received on"
              type="date"
              value={receivedOn}
              onChange={(event) => setReceivedOn(event.target.value)}
              name="receivedOn"
              error={fieldError('receivedOn')}
            />
            <FormField
              id="payment-reference"
              label="Reference (check or ACH number, optional)"
              value={reference}
              maxLength={100}
              onChange={(event) => setReference(event.target.value)}
              name="reference"
              error={fieldError('reference')}
            />
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={byLine} onChange={(event) => setByLine(event.target.checked)} />
              Pay line by line
            </label>
            {!byLine && (
              <FormField
                id="payment-amount"
                label="Amount"
                inputMode="decimal"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                name="amountCents"
                error={fieldError('amountCents')}
              />
            )}
            {byLine &&
              open.map((line, index) => (
                <fieldset key={line.id} className="space-y-2 rounded-md border p-3">
                  <legend className="px-1 text-sm font-medium">
                    {line.fee_name}: {formatCents(line.billed_cents - line.paid_cents)} open
                  </legend>
                  <FormField
                    id={`payment-line-${line.id}`}
                    label="Paid"
                    inputMode="decimal"
                    value={lineAmounts[line.id] ?? ''}
                    onChange={(event) => setLineAmounts({ ...lineAmounts, [line.id]: event.target.value })}
                    field={`lines.${index}.amountCents`}
                    error={fieldError(`lines.${index}.amountCents`)}
                  />
                  <FormField
                    id={`payment-reason-${line.id}`}
                    label="Short-pay reason (optional)"
                    value={reasons[line.id] ?? ''}
                    maxLength={300}
                    onChange={(event) => setReasons({ ...reasons, [line.id]: event.target.value })}
                    field={`lines.${index}.shortPayReason`}
                    error={fieldError(`lines.${index}.shortPayReason`)}
                  />
                </fieldset>
              ))}
            <FormProblemsSummary className="text-sm text-destructive" />
            <Button type="submit" disabled={post.isPending}>
              {post.isPending ? 'Posting...' : 'Post payment'}
            </Button>
          </form>
        </FormProblems>
      </DialogContent>
    </Dialog>
  )
}
