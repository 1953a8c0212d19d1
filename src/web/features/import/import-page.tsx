import { useQueryClient } from '@tanstack/react-query'
import { ChevronDown, ChevronUp, Download, Trash2, Upload } from 'lucide-react'
import { type ComponentProps, type DragEvent, useId, useState } from 'react'
import { CLEAR_ALL_QUESTION } from '../../../domain/import/clear-confirmation'
import { ERRORS_FILE_NAME, importErrorsCsv } from '../../../domain/import/errors-csv'
import { COMMA_SEPARATED_NOTE, importReadiness } from '../../../domain/import/headers'
import { ERRORS_SHOWN, type ImportRowError, importSummary, moreErrorsText } from '../../../domain/import/messages'
import { detectDelimiter } from '../../../domain/import/parse'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { FormProblems, FormProblemsSummary, useFieldProblem } from '../../components/ui/form-problems'
import { notify } from '../../components/ui/toaster'
import { ApiError } from '../../lib/api'
import { IMPORT_FAILED, type ImportSettings, runImport, useClearOrders, useClientCount } from './api'
import { ACCEPTED_FILES, readImportFile } from './csv-file'

const DEFAULT_SETTINGS: ImportSettings = { skipDuplicates: true, autoCreateClients: false, randomizeNames: false }
const SETTING_LABELS: [keyof ImportSettings, string][] = [
  ['skipDuplicates', 'Skip duplicate case numbers'],
  ['autoCreateClients', 'Auto-create missing clients'],
  ['randomizeNames', 'Randomize borrower names'],
]

/** The paste box, with the server's reason about the text (its 'text' field) below it. */
function CsvText({ id, ...props }: ComponentProps<'textarea'> & { id: string }) {
  const problem = useFieldProblem('text', id)
  return (
    <div className="space-y-1">
      <textarea
        id={id}
        aria-label="CSV data"
        aria-invalid={Boolean(problem)}
        aria-describedby={problem ? `${id}-error` : undefined}
        {...props}
      />
      {problem && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </div>
  )
}

function ImportSettingsPanel({
  settings,
  onChange,
}: {
  settings: ImportSettings
  onChange: (settings: ImportSettings) => void
}) {
  const [open, setOpen] = useState(false)
  const clients = useClientCount()
  return (
    <div className="rounded-md border">
      <button
        type="button"
        className="flex w-full items-center justify-between px-4 py-3 text-sm font-medium"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <span>Import Settings</span>
        <span className="flex items-center gap-1 text-muted-foreground">
          {open ? 'Hide Settings' : 'Show Settings'}
          {open ? <ChevronUp className="size-4" aria-hidden /> : <ChevronDown className="size-4" aria-hidden />}
        </span>
      </button>
      {open && (
        <div className="space-y-3 border-t px-4 py-3 text-sm">
          {SETTING_LABELS.map(([key, label]) => (
            <label key={key} className="flex items-center gap-2">
              <input
                type="checkbox"
                className="size-4"
                checked={settings[key]}
                onChange={(event) => onChange({ ...settings, [key]: event.target.checked })}
              />
              {label}
            </label>
          ))}
          <Badge variant="secondary">{`${clients.data ?? 0} clients loaded`}</Badge>
          <p className="text-muted-foreground">
            Client names are matched to your clients ignoring case, punctuation, '(Primary)', '- Hand Keyed' and company
            suffixes (Inc, LLC, LP, Corp, Ltd), together with the lienholder. A row whose client is not found is
            reported with up to three close matches; with 'Auto-create missing clients' on, a client is created when
            nothing close exists. 'Randomize borrower names' replaces each 'Last, First' name with a made-up one of the
            same gender group, the same for the same name every time.
          </p>
        </div>
      )}
    </div>
  )
}

/** Saves every error as a CSV file: the screen shows only the first 10 (SPEC.md section 9). */
function downloadErrors(errors: ImportRowError[]) {
  const url = URL.createObjectURL(new Blob([importErrorsCsv(errors)], { type: 'text/csv;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = ERRORS_FILE_NAME
  link.click()
  // The click has started the download by the time this runs.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

function ImportErrors({ errors }: { errors: ImportRowError[] }) {
  if (errors.length === 0) return null
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 space-y-0 pb-2">
        <CardTitle className="text-base">Import Errors</CardTitle>
        <Button variant="outline" size="sm" onClick={() => downloadErrors(errors)}>
          <Download aria-hidden />
          Download all errors
        </Button>
      </CardHeader>
      <CardContent>
        <ul className="space-y-1 text-sm text-destructive" data-testid="import-errors">
          {errors.slice(0, ERRORS_SHOWN).map((error, index) => (
            // A row may have several errors, and two rows the same text: the position tells them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered
            <li key={index}>{error.message}</li>
          ))}
        </ul>
        {errors.length > ERRORS_SHOWN && (
          <p className="mt-2 text-sm text-muted-foreground">{moreErrorsText(errors.length)}</p>
        )}
      </CardContent>
    </Card>
  )
}

/** /dashboard/import: 'CSV Data Import' (SPEC.md sections 2, 5 and 8). */
export function ImportPage() {
  const textId = useId()
  const [text, setText] = useState('')
  const [settings, setSettings] = useState(DEFAULT_SETTINGS)
  const [importing, setImporting] = useState(false)
  const [progress, setProgress] = useState(0)
  const [errors, setErrors] = useState<ImportRowError[]>([])
  const [dragging, setDragging] = useState(false)
  // The server's refusal of the paste: its reason beside the box (other failures: 'Import Failed').
  const [refusal, setRefusal] = useState<unknown>(null)
  const clear = useClearOrders()
  const queryClient = useQueryClient()
  const readiness = importReadiness(text)
  const commaSeparated = readiness.ready && detectDelimiter(text) === ','

  async function startImport() {
    setImporting(true)
    setProgress(0)
    setErrors([])
    setRefusal(null)
    try {
      const result = await runImport(text, settings, setProgress)
      setErrors(result.errors)
      void queryClient.invalidateQueries({ queryKey: ['orders'] })
      void queryClient.invalidateQueries({ queryKey: ['import', 'clients'] })
      const counts = { imported: result.imported, duplicates: result.duplicates, errors: result.errors.length }
      const toast = { title: 'Import Completed', description: importSummary(counts) }
      if (counts.errors) notify.error(toast)
      else notify.success(toast)
    } catch (error) {
      if (error instanceof ApiError && error.problems.length) return setRefusal(error)
      // The server's reason when it gave one; else (the connection lost, say) SPEC.md section 8's words.
      notify.error({ title: 'Import Failed', description: error instanceof ApiError ? error.message : IMPORT_FAILED })
    } finally {
      setImporting(false)
      setProgress(0)
    }
  }

  async function clearAll() {
    if (!window.confirm(CLEAR_ALL_QUESTION)) return
    try {
      await clear.mutateAsync()
      notify.success({ title: 'Orders Cleared', description: 'All existing orders have been deleted.' })
    } catch (error) {
      notify.error({
        title: 'Clear Failed',
        description: `Failed to clear orders: ${error instanceof Error ? error.message : 'Unknown error'}`,
      })
    }
  }

  async function takeFile(file: File | undefined) {
    if (!file) return
    try {
      setText(await readImportFile(file))
    } catch {
      notify.error({ title: 'Error', description: `Could not read ${file.name}.` })
    }
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    void takeFile(event.dataTransfer.files[0])
  }

  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <Card>
        <CardHeader>
          <CardTitle as="h1">CSV Data Import</CardTitle>
          <CardDescription>Import order data from CSV. Paste your tab-separated CSV data below.</CardDescription>
        </CardHeader>
        <FormProblems error={refusal}>
          <CardContent className="space-y-4">
            <CsvText
              id={textId}
              className={`min-h-72 w-full rounded-md border bg-background p-3 font-mono text-xs ${dragging ? 'border-primary ring-2 ring-primary/40' : ''}`}
              placeholder="Paste your CSV data here (including headers)..."
              value={text}
              onChange={(event) => setText(event.target.value)}
              onDragOver={(event) => {
                event.preventDefault()
                setDragging(true)
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              disabled={importing}
              spellCheck={false}
            />
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <label className="inline-flex cursor-pointer items-center gap-2 rounded-md border px-3 py-1.5 hover:bg-accent">
                <Upload className="size-4" aria-hidden />
                Choose a file
                <input
                  type="file"
                  accept={ACCEPTED_FILES}
                  className="sr-only"
                  onChange={(event) => void takeFile(event.target.files?.[0])}
                />
              </label>
              <span className="text-muted-foreground">or drop a .csv, .tsv or .txt file on the box</span>
            </div>
            <ImportSettingsPanel settings={settings} onChange={setSettings} />
            {importing && (
              <div className="space-y-1" data-testid="import-progress">
                <div className="flex justify-between text-sm">
                  <span>Importing orders...</span>
                  <span>{`${progress}%`}</span>
                </div>
                <div
                  className="h-2 w-full overflow-hidden rounded-full bg-muted"
                  role="progressbar"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={progress}
                  aria-label="Import progress"
                >
                  <div className="h-full bg-primary transition-all" style={{ width: `${progress}%` }} />
                </div>
              </div>
            )}
            <FormProblemsSummary />
            <div className="flex flex-wrap items-center gap-2">
              <Button onClick={() => void startImport()} disabled={!readiness.ready || importing}>
                {importing ? 'Importing...' : 'Import Data'}
              </Button>
              <Button variant="destructive" onClick={() => void clearAll()} disabled={clear.isPending || importing}>
                <Trash2 aria-hidden />
                {clear.isPending ? 'Clearing...' : 'Clear All Data'}
              </Button>
              {!readiness.ready && (
                <span className="text-sm text-muted-foreground" data-testid="import-readiness">
                  {readiness.reason}
                </span>
              )}
              {commaSeparated && (
                <span className="text-sm text-muted-foreground" data-testid="import-delimiter">
                  {COMMA_SEPARATED_NOTE}
                </span>
              )}
            </div>
          </CardContent>
        </FormProblems>
      </Card>
      <ImportErrors errors={errors} />
    </div>
  )
}
