import { type FormEvent, useState } from 'react'
import { Button } from '../../components/ui/button'
import { FormField } from '../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../components/ui/form-problems'
import { notify } from '../../components/ui/toaster'
import { ApiError } from '../../lib/api'
import { type InvoiceDetail, useSetInvoiceReferences } from './api'

/**
 * The lender's account or loan number and reference, as the invoice prints them (issue 41):
 * entered on a draft, fixed once it is sent.
 */
export function InvoiceReferences({ invoice }: { invoice: InvoiceDetail }) {
  if (invoice.status !== 'draft') {
    return (
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="invoice-references">
        <dt className="text-muted-foreground">Account / loan number</dt>
        <dd>{invoice.account_number ?? '—'}</dd>
        <dt className="text-muted-foreground">Reference</dt>
        <dd>{invoice.lender_reference ?? '—'}</dd>
      </dl>
    )
  }
  return <ReferencesForm key={invoice.id} invoice={invoice} />
}

function ReferencesForm({ invoice }: { invoice: InvoiceDetail }) {
  const save = useSetInvoiceReferences(invoice.id)
  const [accountNumber, setAccountNumber] = useState(invoice.account_number ?? '')
  const [lenderReference, setLenderReference] = useState(invoice.lender_reference ?? '')
  // The server's refusal: a reason about a field shows beside it.
  const [refusal, setRefusal] = useState<unknown>(null)
  const changed =
    accountNumber.trim() !== (invoice.account_number ?? '') ||
    lenderReference.trim() !== (invoice.lender_reference ?? '')

  async function submit(event: FormEvent) {
    event.preventDefault()
    setRefusal(null)
    try {
      await save.mutateAsync({ accountNumber: accountNumber || null, lenderReference: lenderReference || null })
      notify.success({ title: 'Account and reference saved' })
    } catch (failure) {
      if (failure instanceof ApiError && failure.problems.length) setRefusal(failure)
      else notify.failure(failure)
    }
  }

  return (
    <FormProblems error={refusal}>
      <form
        className="grid items-end gap-2 sm:grid-cols-[1fr_1fr_auto]"
        onSubmit={(event) => void submit(event)}
        noValidate
        data-testid="invoice-references"
      >
        <FormField
          id="invoice-account-number"
          label="Account / loan number"
          value={accountNumber}
          onChange={(event) => setAccountNumber(event.target.value)}
          name="accountNumber"
        />
        <FormField
          id="invoice-lender-reference"
          label="Reference"
          value={lenderReference}
          onChange={(event) => setLenderReference(event.target.value)}
          name="lenderReference"
        />
        <Button type="submit" variant="outline" disabled={save.isPending || !changed}>
          Save
        </Button>
        <FormProblemsSummary className="text-sm text-destructive sm:col-span-3" />
      </form>
    </FormProblems>
  )
}
