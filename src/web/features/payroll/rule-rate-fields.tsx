import { FEE_TYPES } from '../../../domain/billing/fee-catalog'
import { isPercentBasis, PAY_BASES, PAY_BASIS_LABELS, type PayBasis } from '../../../domain/payroll/pay-kinds'
import { FormField, SelectField } from '../../components/ui/form-field'
import { useFieldProblem } from '../../components/ui/form-problems'
import type { RuleDraft } from './rule-draft'

/** The input's fields these controls show their messages beside. */
export const RULE_RATE_FIELDS = [
  'basis',
  'rate',
  'tierAfter',
  'tierRate',
  'finderShareBp',
  'partnerShareBp',
  'holdback',
  'excludedFeeTypes',
]

type Props = {
  draft: RuleDraft
  onChange: (part: Partial<RuleDraft>) => void
  errorFor: (field: string) => string | undefined
}

/** How a rule pays: basis and rate (dollars, or a percent for percent bases), a tier, recovery splits, holdback, fees left out. */
export function RuleRateFields({ draft, onChange, errorFor }: Props) {
  const percent = isPercentBasis(draft.basis)
  const unit = percent ? '%' : '$'
  const excluded = new Set(draft.excludedFeeTypes)
  const toggleFee = (code: string, on: boolean) =>
    onChange({
      excludedFeeTypes: on ? [...draft.excludedFeeTypes, code] : draft.excludedFeeTypes.filter((fee) => fee !== code),
    })
  // The first box takes the focus when the server refuses the list.
  const firstFeeId = `rule-excluded-${FEE_TYPES[0]?.code}`
  const excludedProblem = useFieldProblem(percent ? 'excludedFeeTypes' : undefined, firstFeeId)
  const excludedError =
    errorFor('excludedFeeTypes') ??
    draft.excludedFeeTypes.map((_, index) => errorFor(`excludedFeeTypes.${index}`)).find(Boolean) ??
    excludedProblem
  const holdbackError = useFieldProblem('holdback', 'rule-holdback')

  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          id="rule-basis"
          label="How it pays"
          value={draft.basis}
          onChange={(event) => onChange({ basis: event.target.value as PayBasis })}
          field="basis"
          error={errorFor('basis')}
        >
          {PAY_BASES.map((basis) => (
            <option key={basis} value={basis}>
              {PAY_BASIS_LABELS[basis]}
            </option>
          ))}
        </SelectField>
        {draft.basis !== 'none' && (
          <FormField
            id="rule-rate"
            label={`Rate (${unit})`}
            inputMode="decimal"
            placeholder={percent ? '25' : '45.00'}
            value={draft.rate}
            onChange={(event) => onChange({ rate: event.target.value })}
            field="rate"
            error={errorFor('rate')}
          />
        )}
        {draft.basis !== 'none' && (
          <>
            <FormField
              id="rule-tier-after"
              label="Tier after how many events (optional)"
              inputMode="numeric"
              value={draft.tierAfter}
              onChange={(event) => onChange({ tierAfter: event.target.value })}
              field="tierAfter"
              error={errorFor('tierAfter')}
            />
            <FormField
              id="rule-tier-rate"
              label={`Tier rate (${unit}, optional)`}
              inputMode="decimal"
              value={draft.tierRate}
              onChange={(event) => onChange({ tierRate: event.target.value })}
              field="tierRate"
              error={errorFor('tierRate')}
            />
          </>
        )}
        {draft.kind === 'recovery' && (
          <>
            <FormField
              id="rule-finder-share"
              label="Finder share (%)"
              inputMode="decimal"
              placeholder="0"
              value={draft.finderShare}
              onChange={(event) => onChange({ finderShare: event.target.value })}
              field="finderShareBp"
              error={errorFor('finderShareBp')}
            />
            <FormField
              id="rule-partner-share"
              label="Partner share (%)"
              inputMode="decimal"
              placeholder="0"
              value={draft.partnerShare}
              onChange={(event) => onChange({ partnerShare: event.target.value })}
              field="partnerShareBp"
              error={errorFor('partnerShareBp')}
            />
          </>
        )}
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          id="rule-holdback"
          type="checkbox"
          checked={draft.holdback}
          aria-invalid={Boolean(holdbackError)}
          aria-describedby={holdbackError ? 'rule-holdback-error' : undefined}
          onChange={(event) => onChange({ holdback: event.target.checked })}
        />
        Hold the pay until the lender pays the case's invoices
      </label>
      {holdbackError && (
        <p id="rule-holdback-error" className="text-sm text-destructive">
          {holdbackError}
        </p>
      )}
      {percent && (
        <fieldset className="space-y-2 rounded-md border p-3">
          <legend className="px-1 text-sm font-medium">Fee types left out of the percent</legend>
          <div className="grid gap-1 text-sm sm:grid-cols-3">
            {FEE_TYPES.map((fee) => (
              <label key={fee.code} className="flex items-center gap-2">
                <input
                  id={`rule-excluded-${fee.code}`}
                  type="checkbox"
                  checked={excluded.has(fee.code)}
                  aria-invalid={Boolean(excludedError)}
                  aria-describedby={excludedError ? 'rule-excluded-error' : undefined}
                  onChange={(event) => toggleFee(fee.code, event.target.checked)}
                />
                {fee.name}
              </label>
            ))}
          </div>
          {excludedError && (
            <p id="rule-excluded-error" className="text-sm text-destructive">
              {excludedError}
            </p>
          )}
        </fieldset>
      )}
    </div>
  )
}
