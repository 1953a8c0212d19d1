import { CheckCircle2, Save } from 'lucide-react'
import { useRef, useState } from 'react'
import { KEY_TYPES, MAX_ODOMETER } from '../../../domain/condition/report'
import { Button } from '../../components/ui/button'
import { FormField, SelectField, TextareaField } from '../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../components/ui/form-problems'
import { notify } from '../../components/ui/toaster'
import {
  type ConditionReport,
  type DraftBody,
  type ReportPhoto,
  type ReportTarget,
  useAcceptReport,
  useSaveDraft,
} from './api'
import { PhotoTile } from './photo-tile'
import { DamageMarks, type DamageRow, YesNo } from './report-fields'

type FormState = {
  photos: Record<string, ReportPhoto>
  odometer: string
  keysPresent: boolean | null
  keyType: string
  drivable: boolean | null
  notes: string
  damages: DamageRow[]
}

const formOf = (report: ConditionReport): FormState => ({
  photos: Object.fromEntries(report.photos.flatMap((photo) => (photo.file ? [[photo.slot, photo.file]] : []))),
  odometer: report.odometer === null ? '' : String(report.odometer),
  keysPresent: report.keysPresent,
  keyType: report.keyType ?? '',
  drivable: report.drivable,
  notes: report.notes ?? '',
  damages: report.damages.map((damage, index) => ({ ...damage, key: `saved-${index}` })),
})

/** What the server is sent, or why the form cannot be sent as it is. */
function bodyOf(form: FormState): { body: DraftBody } | { problem: string } {
  const miles = form.odometer.trim() === '' ? null : Number(form.odometer)
  if (miles !== null && (!Number.isInteger(miles) || miles < 0 || miles > MAX_ODOMETER))
    return { problem: 'The odometer is whole miles, like 84210.' }
  const unfinished = form.damages.findIndex((damage) => !damage.area.trim() || !damage.description.trim())
  if (unfinished >= 0) return { problem: `Damage ${unfinished + 1}: say where it is and describe it.` }
  return {
    body: {
      odometer: miles,
      keysPresent: form.keysPresent,
      keyType: form.keysPresent && form.keyType ? (form.keyType as DraftBody['keyType']) : null,
      drivable: form.drivable,
      notes: form.notes,
      photos: Object.entries(form.photos).map(([slot, file]) => ({ slot, fileId: file.id })),
      damages: form.damages.map((damage) => ({
        area: damage.area.trim(),
        description: damage.description.trim(),
        fileId: damage.file?.id ?? null,
      })),
    },
  }
}

const textOf = (form: FormState) => JSON.stringify(bodyOf(form))

/**
 * The draft, on a phone at the lot: a tile per required photo (each sent and saved as soon as it
 * is taken), the odometer, keys, drivable, damage marks and notes. Whatever is typed stays in the
 * form when a save or an accept fails; each reason shows beside its field (the rest above the buttons).
 */
export function ReportForm({
  target,
  report,
  slots,
}: {
  target: ReportTarget
  report: ConditionReport
  slots: { slot: string; label: string }[]
}) {
  const [form, setForm] = useState(() => formOf(report))
  // The form as of the last change, for a photo that lands before the next render.
  const latest = useRef(form)
  const [savedText, setSavedText] = useState(() => textOf(form))
  // The form's own check, or the server's refusal (its reasons beside their fields).
  const [problem, setProblem] = useState<string | null>(null)
  const [refusal, setRefusal] = useState<unknown>(null)
  const saver = useSaveDraft(target, report.id)
  const accept = useAcceptReport(target, report.id)
  const dirty = textOf(form) !== savedText
  const shownSlots = [...slots, ...report.photos.filter((photo) => !slots.some((slot) => slot.slot === photo.slot))]

  function update(change: Partial<FormState>) {
    latest.current = { ...latest.current, ...change }
    setForm(latest.current)
  }

  /** `quiet`: after a photo, a form not yet complete simply waits for Save. */
  async function save(quiet = false): Promise<boolean> {
    const built = bodyOf(latest.current)
    if ('problem' in built) {
      if (!quiet) setProblem(built.problem)
      return false
    }
    setProblem(null)
    setRefusal(null)
    try {
      await saver.save(built.body)
      setSavedText(JSON.stringify(built))
      return true
    } catch (failure) {
      setRefusal(failure)
      return false
    }
  }

  async function acceptReport() {
    if (textOf(latest.current) !== savedText && !(await save())) return
    setProblem(null)
    setRefusal(null)
    try {
      await accept.mutateAsync(undefined)
      notify.success({ title: 'Condition report accepted' })
    } catch (failure) {
      setRefusal(failure)
    }
  }

  const status = saver.saving ? 'Saving...' : dirty ? 'Not saved yet' : 'All changes saved'
  return (
    <FormProblems error={refusal}>
      <form
        className="space-y-5"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void save()
        }}
      >
        <section className="space-y-2" aria-labelledby="report-photos">
          <h3 id="report-photos" className="text-sm font-medium">
            Photos ({slots.filter((slot) => form.photos[slot.slot]).length} of {slots.length})
          </h3>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {shownSlots.map(({ slot, label }) => (
              <PhotoTile
                key={slot}
                id={`report-photo-${slot}`}
                label={label}
                file={form.photos[slot] ?? null}
                onUploaded={(file) => {
                  update({ photos: { ...latest.current.photos, [slot]: file } })
                  void save(true)
                }}
              />
            ))}
          </div>
        </section>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="report-odometer"
            label="Odometer (miles)"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={form.odometer}
            onChange={(event) => update({ odometer: event.target.value })}
            field="odometer"
          />
          <YesNo
            name="report-keys"
            legend="Keys with the vehicle"
            field="keysPresent"
            value={form.keysPresent}
            onChange={(keysPresent) => update({ keysPresent })}
          />
          {form.keysPresent && (
            <SelectField
              id="report-key-type"
              label="Key type"
              field="keyType"
              value={form.keyType}
              onChange={(event) => update({ keyType: event.target.value })}
            >
              <option value="">Choose a key type</option>
              {KEY_TYPES.map((keyType) => (
                <option key={keyType}>{keyType}</option>
              ))}
            </SelectField>
          )}
          <YesNo
            name="report-drivable"
            legend="Drivable"
            field="drivable"
            value={form.drivable}
            onChange={(drivable) => update({ drivable })}
          />
        </div>
        <DamageMarks
          damages={form.damages}
          onChange={(damages) => update({ damages })}
          onPhoto={(key, file) => {
            update({
              damages: latest.current.damages.map((damage) => (damage.key === key ? { ...damage, file } : damage)),
            })
            void save(true)
          }}
        />
        <TextareaField
          id="report-notes"
          label="Notes"
          field="notes"
          maxLength={4000}
          value={form.notes}
          onChange={(event) => update({ notes: event.target.value })}
        />
        {problem && (
          <p
            role="alert"
            className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm text-destructive"
          >
            {problem}
          </p>
        )}
        <FormProblemsSummary />
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-end">
          <p className="text-sm text-muted-foreground sm:mr-auto" aria-live="polite">
            {status}
          </p>
          <Button type="submit" variant="outline" disabled={saver.saving || accept.isPending}>
            <Save aria-hidden />
            Save report
          </Button>
          <Button type="button" onClick={() => void acceptReport()} disabled={accept.isPending}>
            <CheckCircle2 aria-hidden />
            {accept.isPending ? 'Accepting...' : 'Accept report'}
          </Button>
        </div>
      </form>
    </FormProblems>
  )
}
