import { useState } from 'react'
import { parseDollars } from '../../../domain/billing/money'
import { Button } from '../../components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog'
import { FormField, SelectField, TextareaField } from '../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../components/ui/form-problems'
import { notify } from '../../components/ui/toaster'
import { useFeeCatalog } from '../fees/api'
import { type InvoiceDetail, useCreateFeeRequest } from './api'

/** A fee to ask the lender for on this invoice's case: Waiting until it is sent, on the draft once approved. */
export function FeeRequestDialog({ invoice, onClose }: { invoice: InvoiceDetail; onClose: () => void }) {
  const catalog = useFeeCatalog()
  const create = useCreateFeeRequest()
  const [feeType, setFeeType] = useState('')
  const [amount, setAmount] = useState('')
  const [note, setNote] = useState('')
  // The form's own check, or the server's refusal (its reasons beside their fields, the rest below).
  const [error, setError] = useState<{ field: string; message: string } | null>(null)
  const [refusal, setRefusal] = useState<unknown>(null)
  const fieldError = (field: string) => (error?.field === field ? error.message : undefined)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setError(null)
    setRefusal(null)
    if (!feeType) return setError({ field: 'feeType', message: 'Choose a fee type.' })
    const amountCents = parseDollars(amount)
    if (amountCents === null) return setError({ field: 'amountCents', message: 'Enter an amount, like 75.00.' })
    const target = invoice.order_id ? { orderId: invoice.order_id } : { caseId: Number(invoice.rdn_case_number) }
    try {
      await create.mutateAsync({ ...target, feeType, amountCents, note: note.trim() || null })
      notify.success({ title: 'Fee request added', description: 'It waits until you send it to the lender.' })
      onClose()
    } catch (failure) {
      setRefusal(failure)
    }
  }

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogTitle>Request a fee on {invoice.case_label}</DialogTitle>
        <DialogDescription>
          The lender approves it first; once approved it goes on the case's draft invoice.
        </DialogDescription>
        <FormProblems error={refusal}>
          <form className="space-y-3" onSubmit={(event) => void submit(event)} noValidate>
            <SelectField
              id="fee-request-type"
              label="Fee"
              value={feeType}
              onChange={(event) => setFeeType(event.target.value)}
              name="feeType"
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
              name="amountCents"
              error={fieldError('amountCents')}
            />
            <TextareaField
              id="fee-request-note"
              label="Note (optional)"
              name="note"
              value={note}
              maxLength={1000}
              onChange={(event) => setNote(event.target.value)}
            />
            <FormProblemsSummary className="text-sm text-destructive" />
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Saving...' : 'Add fee request'}
            </Button>
          </form>
        </FormProblems>
      </DialogContent>
    </Dialog>
  )
}
