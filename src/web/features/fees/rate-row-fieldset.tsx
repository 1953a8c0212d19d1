import { Trash2 } from 'lucide-react'
import { RATE_BASES, type RateBasis } from '../../../domain/billing/pricing'
import { BASIS_LABELS } from '../../../domain/billing/rate-sheet'
import { Button } from '../../components/ui/button'
import { FormField, SelectField } from '../../components/ui/form-field'
import type { FeeTypeRow } from './api'
import type { RowDraft } from './version-draft'

/** One rate of the New version form: its fee, basis, amounts and rules, each with its message (named as the server names it). */
export function RateRowFieldset({
  index,
  row,
  feeTypes,
  onChange,
  onRemove,
  removable,
  errorFor,
}: {
  index: number
  row: RowDraft
  feeTypes: readonly FeeTypeRow[]
  onChange: (change: Partial<RowDraft>) => void
  onRemove: () => void
  removable: boolean
  /** The form's own message for one of its fields (rows.<index>.<name>), if any; the server's comes through <FormProblems>. */
  errorFor: (name: string) => string | undefined
}) {
  return (
    <fieldset className="grid gap-3 rounded-md border p-3 sm:grid-cols-4" data-testid="rate-row">
      <legend className="sr-only">Rate {index + 1}</legend>
      <SelectField
        id={`rate-${index}-fee`}
        label="Fee"
        value={row.feeType}
        onChange={(event) => onChange({ feeType: event.target.value })}
        field={`rows.${index}.feeType`}
        error={errorFor('feeType')}
      >
        {feeTypes.map((type) => (
          <option key={type.code} value={type.code}>
            {type.name}
          </option>
        ))}
      </SelectField>
      <FormField
        id={`rate-${index}-order-type`}
        label="Order type (blank: any)"
        value={row.orderType}
        onChange={(event) => onChange({ orderType: event.target.value })}
        field={`rows.${index}.orderType`}
        error={errorFor('orderType')}
      />
      <SelectField
        id={`rate-${index}-basis`}
        label="Basis"
        value={row.basis}
        onChange={(event) => onChange({ basis: event.target.value as RateBasis })}
        field={`rows.${index}.basis`}
        error={errorFor('basis')}
      >
        {RATE_BASES.map((basis) => (
          <option key={basis} value={basis}>
            {BASIS_LABELS[basis]}
          </option>
        ))}
      </SelectField>
      <FormField
        id={`rate-${index}-amount`}
        label="Amount ($)"
        inputMode="decimal"
        value={row.amount}
        onChange={(event) => onChange({ amount: event.target.value })}
        field={`rows.${index}.amountCents`}
        error={errorFor('amountCents')}
      />
      {row.basis === 'per_mile' && (
        <FormField
          id={`rate-${index}-miles`}
          label="Included miles"
          inputMode="numeric"
          value={row.includedMiles}
          onChange={(event) => onChange({ includedMiles: event.target.value })}
          field={`rows.${index}.includedMiles`}
          error={errorFor('includedMiles')}
        />
      )}
      <FormField
        id={`rate-${index}-min`}
        label="Minimum ($)"
        inputMode="decimal"
        value={row.min}
        onChange={(event) => onChange({ min: event.target.value })}
        field={`rows.${index}.minCents`}
        error={errorFor('minCents')}
      />
      <FormField
        id={`rate-${index}-max`}
        label="Maximum ($)"
        inputMode="decimal"
        value={row.max}
        onChange={(event) => onChange({ max: event.target.value })}
        field={`rows.${index}.maxCents`}
        error={errorFor('maxCents')}
      />
      <FormField
        id={`rate-${index}-states`}
        label="Not passed on in (states)"
        placeholder="GA, TN"
        value={row.noPassOnStates}
        onChange={(event) => onChange({ noPassOnStates: event.target.value })}
        field={`rows.${index}.noPassOnStates`}
        error={errorFor('noPassOnStates')}
      />
      <FormField
        id={`rate-${index}-days`}
        label="Days to invoice (optional)"
        inputMode="numeric"
        value={row.daysToInvoice}
        onChange={(event) => onChange({ daysToInvoice: event.target.value })}
        field={`rows.${index}.daysToInvoice`}
        error={errorFor('daysToInvoice')}
      />
      <div className="sm:col-span-2">
        <FormField
          id={`rate-${index}-markets`}
          label="Market amounts (optional)"
          placeholder="Mobile=400.00; Birmingham=375.00"
          value={row.marketAmounts}
          onChange={(event) => onChange({ marketAmounts: event.target.value })}
          field={`rows.${index}.marketAmounts`}
          error={errorFor('marketAmounts')}
        />
      </div>
      <div className="flex flex-wrap items-center gap-4 sm:col-span-4">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={row.needsApproval}
            onChange={(event) => onChange({ needsApproval: event.target.checked })}
          />
          Needs approval first
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={row.billableToDebtor}
            onChange={(event) => onChange({ billableToDebtor: event.target.checked })}
          />
          Billable to the debtor
        </label>
        <Button type="button" size="sm" variant="ghost" className="ml-auto" disabled={!removable} onClick={onRemove}>
          <Trash2 aria-hidden />
          Remove rate {index + 1}
        </Button>
      </div>
    </fieldset>
  )
}
