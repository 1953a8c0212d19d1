import { useState } from 'react'
import { parseDollars } from '../../../domain/billing/money'
import { Button } from '../../components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog'
import { FormField, SelectField } from '../../components/ui/form-field'
import { Label } from '../../components/ui/label'
import { notify } from '../../components/ui/toaster'
import { ApiError } from '../../lib/api'
import { useFeeCatalog } from '../fees/api'
import { type InvoiceDetail, useCreateFeeRequest } from './api'

/** A fee to ask the lender for on this invoice's case: Waiting until it is sent, on the draft once approved. */
export function FeeRequestDialog({ invoice, onClose }: { invoice: InvoiceDetail; onClose: () => void }) {
  const catalog = useFeeCatalog()
  const create = useCreateFeeRequest()
  const [feeType, setFeeType] = useState('')
  const [amount, setAmount] = useState('')
  const [note, setNote] = useState('')
  const [error, setError] = useState<{ field?: string; message: string } | null>(null)
  const fieldError = (field: string) => (error?.field === field ? error.message : undefined)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    if (!feeType) return setError({ field: 'feeType', message: 'Choose a fee type.' })
    const amountCents = parseDollars(amount)
    if (amountCents === null) return setError({ field: 'amountCents', message: 'Enter an amount, like 75.00.' })
    const target = invoice.order_id ? { orderId: invoice.order_id } : { caseId: Number(invoice.rdn_case_number) }
    try {
      await create.mutateAsync({ ...target, feeType, amountCents, note: note.trim() || null })
      notify.success({ title: 'Fee request added', description: 'It waits until you send it to the lender.' })
      onClose()
    } catch (failure) {
      setError({ field: failure instanceof ApiError ? failure.field : undefined, message: (failure as Error).message })
    }
  }

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogTitle>Request a fee on {invoice.case_label}</DialogTitle>
        <DialogDescription>
          The lender approves it first; once approved it goes on the case's draft invoice.
        </DialogDescription>
        <form className="space-y-3" onSubmit={(event) => void submit(event)} noValidate>
          <SelectField
            id="fee-request-type"
            label="Fee"
            value={feeType}
            onChange={(event) => setFeeType(event.target.value)}
            error={fieldError('feeType')}
          >
            <option value="">Choose a fee</option>
            {catalog.data?.map((fee) => (
              <option key={fee.code} value={fee.code}>
                {fee.name}
              </option>
            ))}
          </SelectField>
          <FormField
            id="fee-request-amount"
            label="Amount ($)"
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={fieldError('amountCents')}
          />
          <div className="space-y-2">
            <Label htmlFor="fee-request-note">Note (optional)</Label>
            <textarea
              id="fee-request-note"
              className="min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              value={note}
              maxLength={1000}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          {error && error.field !== 'feeType' && error.field !== 'amountCents' && (
            <p role="alert" className="text-sm text-destructive">
              {error.message}
            </p>
          )}
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Saving...' : 'Add fee request'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  )
}
