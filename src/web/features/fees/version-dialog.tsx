import { Plus } from 'lucide-react'
import { useState } from 'react'
import { readRateSheet, sheetDollars } from '../../../domain/billing/rate-sheet'
import { Button } from '../../components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog'
import { FormField } from '../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../components/ui/form-problems'
import { notify } from '../../components/ui/toaster'
import { type RateCardDetail, sheetText, useAddVersion, useFeeCatalog } from './api'
import { RateRowFieldset } from './rate-row-fieldset'
import { DraftError, draftRows, EMPTY_ROW, type RowDraft, toInput } from './version-draft'

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
  // The form's own check (a draft that cannot be read), or the server's refusal (its reasons beside their fields).
  const [error, setError] = useState<DraftError | null>(null)
  const [refusal, setRefusal] = useState<unknown>(null)
  const fieldError = (field: string) => (error?.field === field ? error.message : undefined)
  const setRow = (index: number, change: Partial<RowDraft>) =>
    setRows(rows.map((row, at) => (at === index ? { ...row, ...change } : row)))

  /** The sheet's rates in place of the form's, or what keeps it from being read (the form left as it was). */
  async function readSheet(file: File | undefined) {
    if (!file) return
    let text: string
    try {
      text = await sheetText(file)
    } catch (failure) {
      setSheetProblems([(failure as Error).message])
      return
    }
    const { rates, problems } = readRateSheet(text)
    setSheetProblems(problems.map((problem) => `Line ${problem.line}: ${problem.message}`))
    if (problems.length === 0 && rates.length > 0) setRows(draftRows(rates))
    if (problems.length === 0 && rates.length === 0) setSheetProblems(['The sheet has no rates.'])
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setError(null)
    setRefusal(null)
    try {
      await add.mutateAsync(toInput({ from, to, freeDays, daily, cap, rows }))
      notify.success({ title: 'Rate card version added' })
      onClose()
    } catch (failure) {
      if (failure instanceof DraftError) setError(failure)
      else setRefusal(failure)
    }
  }

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-4xl">
        <DialogTitle>New version of {card.client_name}'s rate card</DialogTitle>
        <DialogDescription>
          Cases repossessed from its first day are priced by it; invoices already sent keep their amounts.
        </DialogDescription>
        <FormProblems error={refusal}>
          <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
            <div className="grid gap-3 sm:grid-cols-2">
              <FormField
                id="version-from"
                label="First day in force"
                type="date"
                value={from}
                onChange={(event) => setFrom(event.target.value)}
                name="effectiveFrom"
              />
              <FormField
                id="version-to"
                label="Last day in force (blank: until the next version)"
                type="date"
                value={to}
                onChange={(event) => setTo(event.target.value)}
                name="effectiveTo"
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
                name="storage.freeDays"
                error={fieldError('storage.freeDays')}
              />
              <FormField
                id="storage-daily"
                label="Daily rate ($)"
                inputMode="decimal"
                value={daily}
                onChange={(event) => setDaily(event.target.value)}
                name="storage.dailyCents"
                error={fieldError('storage.dailyCents')}
              />
              <FormField
                id="storage-cap"
                label="Cap ($, optional)"
                inputMode="decimal"
                value={cap}
                onChange={(event) => setCap(event.target.value)}
                name="storage.capCents"
                error={fieldError('storage.capCents')}
              />
            </fieldset>
            <div className="space-y-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="text-sm font-medium">Rates</h3>
                <label className="text-sm">
                  <span className="mr-2 text-muted-foreground">Replace with a sheet (Excel, CSV or tab-separated)</span>
                  <input
                    type="file"
                    accept=".xlsx,.csv,.tsv,.txt,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
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
                <RateRowFieldset
                  // Rows have no identity of their own while typed; their position is it.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  key={index}
                  index={index}
                  row={row}
                  feeTypes={catalog.data ?? []}
                  onChange={(change) => setRow(index, change)}
                  onRemove={() => setRows(rows.filter((_, at) => at !== index))}
                  removable={rows.length > 1}
                  errorFor={(name) => fieldError(`rows.${index}.${name}`)}
                />
              ))}
              <Button type="button" variant="outline" onClick={() => setRows([...rows, { ...EMPTY_ROW }])}>
                <Plus aria-hidden />
                Add a rate
              </Button>
            </div>
            <FormProblemsSummary className="text-sm text-destructive" />
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? 'Saving...' : 'Save version'}
            </Button>
          </form>
        </FormProblems>
      </DialogContent>
    </Dialog>
  )
}
