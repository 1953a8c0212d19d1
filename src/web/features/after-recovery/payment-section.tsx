import { type FormEvent, useState } from 'react'
import { formatCents, parseDollars } from '../../../domain/billing/money'
import { formatCaseDate } from '../../../domain/formats/dates'
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
  redemptionBalance,
} from '../../../domain/redemption/payment'
import { Button } from '../../components/ui/button'
import { FormField, SelectField } from '../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../components/ui/form-problems'
import type { ReportTarget } from '../condition-reports/api'
import { paymentReceiptUrl, usePayments, useQuote, useRecordPayment } from './api'

function PaymentForm({ target }: { target: ReportTarget }) {
  const record = useRecordPayment(target)
  const [amount, setAmount] = useState('')
  const [method, setMethod] = useState<PaymentMethod>('cashiers_check')
  const [reference, setReference] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    record.mutate(
      // An amount not read as dollars goes as nothing collected: the server says what to give.
      { amountCents: parseDollars(amount) ?? 0, method, reference: reference.trim() || null },
      {
        onSuccess: () => {
          setAmount('')
          setReference('')
        },
      },
    )
  }
  return (
    <FormProblems error={record.error}>
      <form className="space-y-3" onSubmit={submit} aria-label="Record a payment">
        <div className="grid gap-3 sm:grid-cols-3">
          <FormField
            id="payment-amount"
            label="Amount collected"
            inputMode="decimal"
            placeholder="0.00"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            field="amountCents"
          />
          <SelectField
            id="payment-method"
            label="Payment method"
            value={method}
            onChange={(e) => setMethod(e.target.value as PaymentMethod)}
            field="method"
          >
            {PAYMENT_METHODS.map((value) => (
              <option key={value} value={value}>
                {PAYMENT_METHOD_LABELS[value]}
              </option>
            ))}
          </SelectField>
          <FormField
            id="payment-reference"
            label={method === 'cash' ? 'Reference (optional)' : 'Reference'}
            value={reference}
            onChange={(e) => setReference(e.target.value)}
            maxLength={100}
            autoComplete="off"
            field="reference"
          />
        </div>
        <FormProblemsSummary className="text-sm text-destructive" />
        <Button type="submit" className="w-full sm:w-auto" disabled={record.isPending}>
          {record.isPending ? 'Saving...' : 'Record payment'}
        </Button>
      </form>
    </FormProblems>
  )
}

/** What the debtor paid against the quote: collected, the balance, each payment with its receipt, and a form for the next. */
export function PaymentSection({ target }: { target: ReportTarget }) {
  const payments = usePayments(target)
  const quote = useQuote(target)
  if (payments.isPending) return <p className="text-sm text-muted-foreground">Loading...</p>
  if (payments.isError) return <p className="text-sm text-muted-foreground">{payments.error.message}</p>
  const { handOverNeedsPayment, payments: list } = payments.data
  const balance = quote.data ? redemptionBalance(quote.data.totalCents, list) : null
  return (
    <section className="space-y-3 border-t pt-4" aria-labelledby="payments-heading">
      <h3 id="payments-heading" className="font-medium">
        Payments
      </h3>
      <dl className="grid grid-cols-3 gap-2 text-sm" data-testid="payment-summary">
        <div>
          <dt className="text-muted-foreground">Quote</dt>
          <dd className="tabular-nums">{quote.data ? formatCents(quote.data.totalCents) : '-'}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Collected</dt>
          <dd className="tabular-nums">{formatCents(payments.data.collectedCents)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Balance</dt>
          <dd className="font-semibold tabular-nums">{balance ? formatCents(balance.balanceCents) : '-'}</dd>
        </div>
      </dl>
      {handOverNeedsPayment && (
        <p className="text-sm text-muted-foreground">
          This client's vehicles are handed over only once the quote is paid.
        </p>
      )}
      {list.length > 0 && (
        <ul className="divide-y text-sm" aria-label="Payments collected">
          {list.map((payment) => (
            <li
              key={payment.id}
              className="flex flex-wrap items-center justify-between gap-2 py-1"
              data-testid="redemption-payment"
            >
              <span>
                {formatCaseDate(payment.receivedOn)}: {formatCents(payment.amountCents)} by {payment.methodLabel}
                {payment.reference && ` (${payment.reference})`}
              </span>
              <a
                className="text-primary underline-offset-4 hover:underline"
                href={paymentReceiptUrl(payment.id)}
                target="_blank"
                rel="noreferrer"
              >
                Receipt
                <span className="sr-only"> for {formatCents(payment.amountCents)}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <PaymentForm target={target} />
    </section>
  )
}
