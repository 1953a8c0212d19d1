import { useState } from 'react'
import { parseDollars } from '../../../domain/billing/money'
import { localDayOf } from '../../../domain/formats/calendar-days'
import { periodLabel } from '../../../domain/payroll/periods'
import type { PeriodSummary } from '../../../domain/payroll/views'
import { VENDOR_TYPES } from '../../../domain/vendors/vendor'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog'
import { FormField, SelectField, TextareaField } from '../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../components/ui/form-problems'
import { notify } from '../../components/ui/toaster'
import { useCreateVendorCost, useVendors } from './accounting-api'
import { type CaseChoice, CaseField, caseRefOf, NO_CASE } from './case-field'
import { FormActions } from './form-actions'

export const VENDOR_COST_KINDS = { keys: 'Keys', transport: 'Transport', other: 'Other' } as const
type Kind = keyof typeof VENDOR_COST_KINDS

/** Today when it falls in the period, else the period's first day: the cost lands in the period on screen. */
function defaultDay(period: PeriodSummary): string {
  const today = localDayOf(new Date(), new Date().getTimezoneOffset())
  return today >= period.start && today <= period.end ? today : period.start
}

/** 'Add vendor cost': what a locksmith, transporter or other vendor charged, optionally on a case. */
export function VendorCostDialog({ period, onClose }: { period: PeriodSummary; onClose: () => void }) {
  const vendors = useVendors()
  const create = useCreateVendorCost()
  const [vendorId, setVendorId] = useState('')
  const [kind, setKind] = useState<Kind | ''>('')
  const [day, setDay] = useState(() => defaultDay(period))
  const [amount, setAmount] = useState('')
  const [caseChoice, setCaseChoice] = useState<CaseChoice>(NO_CASE)
  const [note, setNote] = useState('')
  // The form's own check, or the server's refusal (its reasons beside their fields, any other below the form).
  const [error, setError] = useState<{ field: string; message: string } | null>(null)
  const [refusal, setRefusal] = useState<unknown>(null)
  const fieldError = (field: string) => (error?.field === field ? error.message : undefined)
  // A field's message goes once the field is changed.
  const edited = (field: string) => {
    if (error?.field === field) setError(null)
  }
  const choices = vendors.data?.filter((vendor) => vendor.active || vendor.id === vendorId) ?? []

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setRefusal(null)
    if (!vendorId) return setError({ field: 'vendorId', message: 'Choose a vendor.' })
    if (!kind) return setError({ field: 'kind', message: 'Choose keys, transport or other.' })
    if (!day) return setError({ field: 'incurredOn', message: 'Give the day, as YYYY-MM-DD.' })
    const amountCents = parseDollars(amount)
    if (amountCents === null || amountCents === 0)
      return setError({ field: 'amountCents', message: 'Enter an amount, like 75.00.' })
    setError(null)
    try {
      await create.mutateAsync({
        vendorId,
        kind,
        incurredOn: day,
        amountCents,
        note: note.trim() || null,
        ...caseRefOf(caseChoice),
      })
      notify.success({ title: 'Vendor cost added' })
      onClose()
    } catch (failure) {
      setRefusal(failure)
    }
  }

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogTitle>Add vendor cost</DialogTitle>
        <DialogDescription>{`What a vendor charged, counted against the margin. Period ${periodLabel(period)}.`}</DialogDescription>
        <FormProblems error={refusal}>
          <form className="space-y-3" onSubmit={(event) => void submit(event)} noValidate>
            <SelectField
              id="vendor-cost-vendor"
              label="Vendor"
              value={vendorId}
              onChange={(event) => {
                setVendorId(event.target.value)
                edited('vendorId')
              }}
              field="vendorId"
              error={fieldError('vendorId') ?? (vendors.isError ? vendors.error.message : undefined)}
            >
              <option value="">{vendors.isPending ? 'Loading vendors' : 'Choose a vendor'}</option>
              {choices.map((vendor) => (
                <option key={vendor.id} value={vendor.id}>
                  {`${vendor.name} (${VENDOR_TYPES[vendor.type as keyof typeof VENDOR_TYPES] ?? vendor.type})`}
                </option>
              ))}
            </SelectField>
            <div className="grid gap-3 sm:grid-cols-2">
              <SelectField
                id="vendor-cost-kind"
                label="Kind"
                value={kind}
                onChange={(event) => {
                  setKind(event.target.value as Kind | '')
                  edited('kind')
                }}
                field="kind"
                error={fieldError('kind')}
              >
                <option value="">Choose a kind</option>
                {Object.entries(VENDOR_COST_KINDS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </SelectField>
              <FormField
                id="vendor-cost-day"
                label="Day"
                type="date"
                value={day}
                onChange={(event) => {
                  setDay(event.target.value)
                  edited('incurredOn')
                }}
                field="incurredOn"
                error={fieldError('incurredOn')}
              />
            </div>
            <FormField
              id="vendor-cost-amount"
              label="Amount ($)"
              inputMode="decimal"
              placeholder="e.g. 125.00"
              value={amount}
              onChange={(event) => {
                setAmount(event.target.value)
                edited('amountCents')
              }}
              field="amountCents"
              error={fieldError('amountCents')}
            />
            <CaseField
              value={caseChoice}
              onChange={(choice) => {
                setCaseChoice(choice)
                edited('orderId')
                edited('caseId')
              }}
              error={fieldError('orderId') ?? fieldError('caseId')}
              required={false}
            />
            <TextareaField
              id="vendor-cost-note"
              label="Note (optional)"
              field="note"
              value={note}
              maxLength={500}
              onChange={(event) => setNote(event.target.value)}
            />
            <FormProblemsSummary className="text-sm text-destructive" />
            <FormActions onCancel={onClose} pending={create.isPending} label="Save vendor cost" />
          </form>
        </FormProblems>
      </DialogContent>
    </Dialog>
  )
}
