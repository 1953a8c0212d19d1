import { Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { parseDollars } from '../../../domain/billing/money'
import { RATE_BASES, type RateBasis, type RateRow } from '../../../domain/billing/pricing'
import {
  BASIS_LABELS,
  marketAmountsText,
  readMarketAmounts,
  readRateSheet,
  sheetDollars,
} from '../../../domain/billing/rate-sheet'
import { Button } from '../../components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog'
import { FormField, SelectField } from '../../components/ui/form-field'
import { notify } from '../../components/ui/toaster'
import { ApiError } from '../../lib/api'
import { type RateCardDetail, useAddVersion, useFeeCatalog, type VersionInput } from './api'

/** A rate row as typed: amounts in dollars, states comma-separated. */
type RowDraft = {
  feeType: string
  orderType: string
  basis: RateBasis
  amount: string
  includedMiles: string
  min: string
  max: string
  needsApproval: boolean
  billableToDebtor: boolean
  noPassOnStates: string
  /** 'Mobile=400.00; Birmingham=375.00'. */
  marketAmounts: string
  daysToInvoice: string
}

const EMPTY_ROW: RowDraft = {
  feeType: 'INVOLUNTARY_REPO',
  orderType: '',
  basis: 'flat',
  amount: '',
  includedMiles: '0',
  min: '',
  max: '',
  needsApproval: false,
  billableToDebtor: true,
  noPassOnStates: '',
  marketAmounts: '',
  daysToInvoice: '',
}

/** Rates (the newest version's, or a sheet's) as the form's rows. */
function draftRows(rates: readonly RateRow[]): RowDraft[] {
  if (rates.length === 0) return [{ ...EMPTY_ROW }]
  return rates.map((row) => ({
    feeType: row.feeType,
    orderType: row.orderType ?? '',
    basis: row.basis,
    amount: sheetDollars(row.amountCents),
    includedMiles: String(row.includedMiles),
    min: sheetDollars(row.minCents),
    max: sheetDollars(row.maxCents),
    needsApproval: row.needsApproval,
    billableToDebtor: row.billableToDebtor,
    noPassOnStates: row.noPassOnStates.join(', '),
    marketAmounts: marketAmountsText(row.marketAmounts),
    daysToInvoice: row.daysToInvoice === null ? '' : String(row.daysToInvoice),
  }))
}

class DraftError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message)
  }
}

/** Dollars typed into cents, or a message naming the field. */
function cents(text: string, field: string, optional: boolean): number | null {
  if (optional && text.trim() === '') return null
  const value = parseDollars(text)
  if (value === null) throw new DraftError(field, 'Enter an amount in dollars and cents, like 350.00.')
  return value
}

function marketAmounts(text: string, index: number) {
  const amounts = readMarketAmounts(text)
  if (!amounts)
    throw new DraftError(
      `rows.${index}.marketAmounts`,
      'Write each market and amount like Mobile=400.00; Birmingham=375.00.',
    )
  return amounts
}

/** A whole number typed into a field, or a message naming it; blank is null. */
function wholeNumber(text: string, field: string, label: string): number | null {
  if (text.trim() === '') return null
  if (!/^\d+$/.test(text.trim())) throw new DraftError(field, `${label} must be a whole number.`)
  return Number(text.trim())
}

function toInput(draft: { from: string; to: string; freeDays: string; daily: string; cap: string; rows: RowDraft[] }) {
  if (draft.daily.trim() === '' && (draft.freeDays.trim() !== '' || draft.cap.trim() !== '')) {
    throw new DraftError('storage.dailyCents', 'Enter the daily rate, or clear free days and the cap for no storage.')
  }
  const storage =
    draft.daily.trim() === ''
      ? null
      : {
          freeDays: wholeNumber(draft.freeDays, 'storage.freeDays', 'Free days') ?? 0,
          dailyCents: cents(draft.daily, 'storage.dailyCents', false) as number,
          capCents: cents(draft.cap, 'storage.capCents', true),
        }
  const input: VersionInput = {
    effectiveFrom: draft.from,
    effectiveTo: draft.to || null,
    storage,
    rows: draft.rows.map((row, index) => ({
      feeType: row.feeType,
      orderType: row.orderType || null,
      basis: row.basis,
      amountCents: cents(row.amount, `rows.${index}.amountCents`, false) as number,
      includedMiles: wholeNumber(row.includedMiles, `rows.${index}.includedMiles`, 'Included miles') ?? 0,
      minCents: cents(row.min, `rows.${index}.minCents`, true),
      maxCents: cents(row.max, `rows.${index}.maxCents`, true),
      needsApproval: row.needsApproval,
      billableToDebtor: row.billableToDebtor,
      noPassOnStates: row.noPassOnStates
        .split(',')
        .map((state) => state.trim())
        .filter(Boolean),
      marketAmounts: marketAmounts(row.marketAmounts, index),
      daysToInvoice: wholeNumber(row.daysToInvoice, `rows.${index}.daysToInvoice`, 'Days to invoice'),
    })),
  }
  return input
}

/** A new version of a rate card: dates, storage rule and rates, starting from the newest version's. */
export function VersionDialog({ card, onClose }: { card: RateCardDetail; onClose: () => void }) {
  const catalog = useFeeCatalog()
  const add = useAddVersion(card.id)
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const newest = card.versions[0]
  const [freeDays, setFreeDays] = useState(String(newest?.storage?.freeDays ?? ''))
  const [daily, setDaily] = useState(sheetDollars(newest?.storage?.dailyCents ?? null))
  const [cap, setCap] = useState(sheetDollars(newest?.storage?.capCents ?? null))
  const [rows, setRows] = useState<RowDraft[]>(() => draftRows(newest?.rows ?? []))
  const [sheetProblems, setSheetProblems] = useState<string[]>([])
  const [error, setError] = useState<{ field?: string; message: string } | null>(null)
  const fieldError = (field: string) => (error?.field === field ? error.message.replace(/^[\w.]+: /, '') : undefined)
  const setRow = (index: number, change: Partial<RowDraft>) =>
    setRows(rows.map((row, at) => (at === index ? { ...row, ...change } : row)))

  /** The sheet's rates in place of the form's, or what keeps it from being read (the form left as it was). */
  async function readSheet(file: File | undefined) {
    if (!file) return
    const { rates, problems } = readRateSheet(await file.text())
    setSheetProblems(problems.map((problem) => `Line ${problem.line}: ${problem.message}`))
    if (problems.length === 0 && rates.length > 0) setRows(draftRows(rates))
    if (problems.length === 0 && rates.length === 0) setSheetProblems(['The sheet has no rates.'])
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setError(null)
    try {
      await add.mutateAsync(toInput({ from, to, freeDays, daily, cap, rows }))
      notify.success({ title: 'Rate card version added' })
      onClose()
    } catch (failure) {
      const field = failure instanceof DraftError || failure instanceof ApiError ? failure.field : undefined
      setError({ field, message: (failure as Error).message })
    }
  }

  const rowFieldError = (index: number, name: string) => fieldError(`rows.${index}.${name}`)
  // The server names a market amount's field by its market (rows.0.marketAmounts.Mobile).
  const marketFieldError = (index: number) =>
    error?.field?.startsWith(`rows.${index}.marketAmounts.`) ? error.message.replace(/^[\w. ]+: /, '') : undefined
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-4xl">
        <DialogTitle>New version of {card.client_name}'s rate card</DialogTitle>
        <DialogDescription>
          Cases repossessed from its first day are priced by it; invoices already sent keep their amounts.
        </DialogDescription>
        <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField
              id="version-from"
              label="First day in force"
              type="date"
              value={from}
              onChange={(event) => setFrom(event.target.value)}
              error={fieldError('effectiveFrom')}
            />
            <FormField
              id="version-to"
              label="Last day in force (blank: until the next version)"
              type="date"
              value={to}
              onChange={(event) => setTo(event.target.value)}
              error={fieldError('effectiveTo')}
            />
          </div>
          <fieldset className="grid gap-3 rounded-md border p-3 sm:grid-cols-3">
            <legend className="px-1 text-sm font-medium">Storage (blank daily rate: none)</legend>
            <FormField
              id="storage-free"
              label="Free days"
              inputMode="numeric"
              value={freeDays}
              onChange={(event) => setFreeDays(event.target.value)}
              error={fieldError('storage.freeDays')}
            />
            <FormField
              id="storage-daily"
              label="Daily rate ($)"
              inputMode="decimal"
              value={daily}
              onChange={(event) => setDaily(event.target.value)}
              error={fieldError('storage.dailyCents')}
            />
            <FormField
              id="storage-cap"
              label="Cap ($, optional)"
              inputMode="decimal"
              value={cap}
              onChange={(event) => setCap(event.target.value)}
              error={fieldError('storage.capCents')}
            />
          </fieldset>
          <div className="space-y-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="text-sm font-medium">Rates</h3>
              <label className="text-sm">
                <span className="mr-2 text-muted-foreground">Replace with a sheet (CSV or tab-separated)</span>
                <input
                  type="file"
                  accept=".csv,.tsv,.txt,text/csv,text/plain"
                  aria-label="Rates sheet"
                  className="text-sm"
                  onChange={(event) => void readSheet(event.target.files?.[0])}
                />
              </label>
            </div>
            {sheetProblems.length > 0 && (
              <ul role="alert" className="list-disc space-y-1 pl-5 text-sm text-destructive">
                {sheetProblems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            )}
            {rows.map((row, index) => (
              // Rows have no identity of their own while typed; their position is it.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <fieldset key={index} className="grid gap-3 rounded-md border p-3 sm:grid-cols-4" data-testid="rate-row">
                <legend className="sr-only">Rate {index + 1}</legend>
                <SelectField
                  id={`rate-${index}-fee`}
                  label="Fee"
                  value={row.feeType}
                  onChange={(event) => setRow(index, { feeType: event.target.value })}
                  error={rowFieldError(index, 'feeType')}
                >
                  {catalog.data?.map((type) => (
                    <option key={type.code} value={type.code}>
                      {type.name}
                    </option>
                  ))}
                </SelectField>
                <FormField
                  id={`rate-${index}-order-type`}
                  label="Order type (blank: any)"
                  value={row.orderType}
                  onChange={(event) => setRow(index, { orderType: event.target.value })}
                  error={rowFieldError(index, 'orderType')}
                />
                <SelectField
                  id={`rate-${index}-basis`}
                  label="Basis"
                  value={row.basis}
                  onChange={(event) => setRow(index, { basis: event.target.value as RateBasis })}
                  error={rowFieldError(index, 'basis')}
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
                  onChange={(event) => setRow(index, { amount: event.target.value })}
                  error={rowFieldError(index, 'amountCents')}
                />
                {row.basis === 'per_mile' && (
                  <FormField
                    id={`rate-${index}-miles`}
                    label="Included miles"
                    inputMode="numeric"
                    value={row.includedMiles}
                    onChange={(event) => setRow(index, { includedMiles: event.target.value })}
                    error={rowFieldError(index, 'includedMiles')}
                  />
                )}
                <FormField
                  id={`rate-${index}-min`}
                  label="Minimum ($)"
                  inputMode="decimal"
                  value={row.min}
                  onChange={(event) => setRow(index, { min: event.target.value })}
                  error={rowFieldError(index, 'minCents')}
                />
                <FormField
                  id={`rate-${index}-max`}
                  label="Maximum ($)"
                  inputMode="decimal"
                  value={row.max}
                  onChange={(event) => setRow(index, { max: event.target.value })}
                  error={rowFieldError(index, 'maxCents')}
                />
                <FormField
                  id={`rate-${index}-states`}
                  label="Not passed on in (states)"
                  placeholder="GA, TN"
                  value={row.noPassOnStates}
                  onChange={(event) => setRow(index, { noPassOnStates: event.target.value })}
                  error={fieldError(`rows.${index}.noPassOnStates`) ?? fieldError(`rows.${index}.noPassOnStates.0`)}
                />
                <FormField
                  id={`rate-${index}-days`}
                  label="Days to invoice (optional)"
                  inputMode="numeric"
                  value={row.daysToInvoice}
                  onChange={(event) => setRow(index, { daysToInvoice: event.target.value })}
                  error={rowFieldError(index, 'daysToInvoice')}
                />
                <div className="sm:col-span-2">
                  <FormField
                    id={`rate-${index}-markets`}
                    label="Market amounts (optional)"
                    placeholder="Mobile=400.00; Birmingham=375.00"
                    value={row.marketAmounts}
                    onChange={(event) => setRow(index, { marketAmounts: event.target.value })}
                    error={fieldError(`rows.${index}.marketAmounts`) ?? marketFieldError(index)}
                  />
                </div>
                <div className="flex flex-wrap items-center gap-4 sm:col-span-4">
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={row.needsApproval}
                      onChange={(event) => setRow(index, { needsApproval: event.target.checked })}
                    />
                    Needs approval first
                  </label>
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={row.billableToDebtor}
                      onChange={(event) => setRow(index, { billableToDebtor: event.target.checked })}
                    />
                    Billable to the debtor
                  </label>
                  <Button
                    type="button"
                    size="sm"
                    variant="ghost"
                    className="ml-auto"
                    disabled={rows.length === 1}
                    onClick={() => setRows(rows.filter((_, at) => at !== index))}
                  >
                    <Trash2 aria-hidden />
                    Remove rate {index + 1}
                  </Button>
                </div>
              </fieldset>
            ))}
            <Button type="button" variant="outline" onClick={() => setRows([...rows, { ...EMPTY_ROW }])}>
              <Plus aria-hidden />
              Add a rate
            </Button>
          </div>
          {error && !(error.field && document.getElementById(fieldId(error.field))) && (
            <p role="alert" className="text-sm text-destructive">
              {error.message}
            </p>
          )}
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? 'Saving...' : 'Save version'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  )
}

/** The id of the control an error's field names, to tell whether the message shows beside it. */
function fieldId(field: string) {
  const ids: Record<string, string> = {
    effectiveFrom: 'version-from',
    effectiveTo: 'version-to',
    'storage.freeDays': 'storage-free',
    'storage.dailyCents': 'storage-daily',
    'storage.capCents': 'storage-cap',
  }
  const row = /^rows\.(\d+)\.(\w+)/.exec(field)
  if (row) {
    const names: Record<string, string> = {
      feeType: 'fee',
      orderType: 'order-type',
      basis: 'basis',
      amountCents: 'amount',
      includedMiles: 'miles',
      minCents: 'min',
      maxCents: 'max',
      noPassOnStates: 'states',
      marketAmounts: 'markets',
      daysToInvoice: 'days',
    }
    return `rate-${row[1]}-${names[row[2]] ?? row[2]}`
  }
  return ids[field] ?? field
}
