import { useState } from 'react'
import { formatCaseDate } from '../../../domain/formats/dates'
import { PAY_CADENCE_LABELS, PAY_CADENCES, type PayCadence } from '../../../domain/payroll/periods'
import type { PayrollOverview } from '../../../domain/payroll/views'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { FormField, SelectField } from '../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../components/ui/form-problems'
import { notify } from '../../components/ui/toaster'
import { usePayrollOverview, useSavePaySettings } from './api'

/**
 * Pay periods: weekly or every two weeks, counted from a first day. Approved and locked periods
 * keep their days, so a change starts no earlier than the day after the last of them.
 */
export function PaySettingsCard() {
  const overview = usePayrollOverview()
  const settings = overview.data?.settings
  const earliest = settings?.firstUnfrozenDay ?? null
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Pay periods</CardTitle>
        <CardDescription>
          How often people are paid, counted from a period's first day.
          {earliest &&
            ` Approved and locked periods keep their days: a change can start on ${formatCaseDate(earliest)} at the earliest.`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {overview.isPending && <p className="text-sm text-muted-foreground">Loading...</p>}
        {overview.isError && <p className="text-sm text-destructive">{overview.error.message}</p>}
        {/* Keyed by the saved settings: the form starts again from them when they change, here or elsewhere. */}
        {settings && <SettingsForm key={`${settings.cadence}|${settings.anchor}`} saved={settings} />}
      </CardContent>
    </Card>
  )
}

function SettingsForm({ saved }: { saved: PayrollOverview['settings'] }) {
  const save = useSavePaySettings()
  const [cadence, setCadence] = useState<PayCadence>(saved.cadence)
  const [anchor, setAnchor] = useState(saved.anchor)
  // The server's refusal: each reason beside its field, any other below the form.
  const [refusal, setRefusal] = useState<unknown>(null)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setRefusal(null)
    try {
      await save.mutateAsync({ cadence, anchor })
      notify.success({
        title: 'Pay periods saved',
        description: `${PAY_CADENCE_LABELS[cadence]} from ${formatCaseDate(anchor)}`,
      })
    } catch (failure) {
      setRefusal(failure)
    }
  }

  return (
    <FormProblems error={refusal}>
      <form
        className="grid items-start gap-3 sm:grid-cols-[1fr_1fr_auto]"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label="Pay periods"
      >
        <SelectField
          id="pay-cadence"
          label="Cadence"
          value={cadence}
          onChange={(event) => setCadence(event.target.value as PayCadence)}
          field="cadence"
        >
          {PAY_CADENCES.map((option) => (
            <option key={option} value={option}>
              {PAY_CADENCE_LABELS[option]}
            </option>
          ))}
        </SelectField>
        <FormField
          id="pay-anchor"
          label="First day of a period"
          type="date"
          min={saved.firstUnfrozenDay ?? undefined}
          value={anchor}
          onChange={(event) => setAnchor(event.target.value)}
          field="anchor"
        />
        <Button type="submit" className="sm:mt-6" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save pay periods'}
        </Button>
        <FormProblemsSummary className="text-sm text-destructive sm:col-span-3" />
      </form>
    </FormProblems>
  )
}
