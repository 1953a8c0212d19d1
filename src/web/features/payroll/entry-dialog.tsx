import { useState } from 'react'
import { ROLE_LABELS } from '../../../domain/auth/roles'
import { parseDollars } from '../../../domain/billing/money'
import {
  CHARGEBACK_REASONS,
  type ChargebackReason,
  LOGGED_WORK_KINDS,
  PAY_ENTRY_KINDS,
  PAY_ENTRY_LABELS,
  type PayEntryKind,
} from '../../../domain/payroll/pay-kinds'
import type { PeriodSummary } from '../../../domain/payroll/views'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog'
import { FormField, SelectField } from '../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../components/ui/form-problems'
import { notify } from '../../components/ui/toaster'
import { localToday } from '../../lib/local-day'
import { type PayEntryInput, useCreatePayEntry, usePayPeople } from './api'
import { type CaseChoice, CaseField, caseRefOf, NO_CASE } from './case-field'
import { FormActions } from './form-actions'
import { parseSignedDollars } from './format'

type EntryKind = PayEntryKind
type Problem = { field: string; message: string }

/** A number typed in a box, null when blank; NaN (refused) when not a number. */
const optionalNumber = (text: string) => (text.trim() === '' ? null : Number(text.trim()))

/** The day a new line falls on by default: today when it is in the period shown, else the period's last day. */
const defaultDay = (period: PeriodSummary) => {
  const today = localToday()
  return today >= period.start && today <= period.end ? today : period.end
}

/**
 * A manual pay line: an adjustment either way, a chargeback tied to a case, or logged work
 * (transport, condition report, field visit, keys) that the pay rules price. A line dated in an
 * approved or locked period lands in the next open one.
 */
export function EntryDialog({ period, onClose }: { period: PeriodSummary; onClose: () => void }) {
  const people = usePayPeople()
  const create = useCreatePayEntry()
  const [kind, setKind] = useState<EntryKind>('adjustment')
  const [profileId, setProfileId] = useState('')
  const [occurredOn, setOccurredOn] = useState(() => defaultDay(period))
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const [miles, setMiles] = useState('')
  const [hours, setHours] = useState('')
  const [note, setNote] = useState('')
  const [caseChoice, setCaseChoice] = useState<CaseChoice>(NO_CASE)
  // The form's own check, or the server's refusal (its reasons beside their fields, any other below the form).
  const [error, setError] = useState<Problem | null>(null)
  const [refusal, setRefusal] = useState<unknown>(null)
  const fieldError = (field: string) => (error?.field === field ? error.message : undefined)
  const logged = (LOGGED_WORK_KINDS as readonly string[]).includes(kind)

  function toInput(): PayEntryInput | Problem {
    const base = { profileId, occurredOn, ...caseRefOf(caseChoice) }
    if (kind === 'adjustment') {
      const amountCents = parseSignedDollars(amount)
      if (amountCents === null || amountCents === 0)
        return { field: 'amountCents', message: 'Enter an amount, like 50.00 or -25.00.' }
      return { ...base, kind, amountCents, note: note.trim() }
    }
    if (kind === 'chargeback') {
      const amountCents = parseDollars(amount)
      if (amountCents === null || amountCents === 0)
        return { field: 'amountCents', message: 'Enter the amount to take back, like 150.00.' }
      if (!reason) return { field: 'reason', message: 'Choose a reason.' }
      return { ...base, kind, amountCents, reason: reason as ChargebackReason, note: note.trim() || null }
    }
    if (kind === 'team_partner') return { ...base, kind, note: note.trim() || null }
    const milesValue = optionalNumber(miles)
    const hoursValue = optionalNumber(hours)
    if (Number.isNaN(milesValue)) return { field: 'miles', message: 'Enter the miles as a number.' }
    if (Number.isNaN(hoursValue)) return { field: 'hours', message: 'Enter the hours as a number.' }
    return { ...base, kind, miles: milesValue, hours: hoursValue, note: note.trim() || null }
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setError(null)
    setRefusal(null)
    const input = toInput()
    if ('message' in input) return setError(input)
    try {
      await create.mutateAsync(input)
      notify.success({ title: `${PAY_ENTRY_LABELS[kind]} added` })
      onClose()
    } catch (failure) {
      setRefusal(failure)
    }
  }

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="sm:max-w-xl">
        <DialogTitle>Add adjustment</DialogTitle>
        <DialogDescription>
          A correction, a chargeback, logged work, or the second agent of a two-person team on a recovery (who then gets
          the rule's partner share). Date it in a period still in review: approved and locked periods take no new lines.
        </DialogDescription>
        <FormProblems error={refusal}>
          <form className="space-y-3" onSubmit={(event) => void submit(event)} noValidate>
            <div className="grid gap-3 sm:grid-cols-2">
              <SelectField
                id="entry-kind"
                label="Kind"
                value={kind}
                onChange={(event) => setKind(event.target.value as EntryKind)}
                field="kind"
                error={fieldError('kind')}
              >
                {PAY_ENTRY_KINDS.map((option) => (
                  <option key={option} value={option}>
                    {PAY_ENTRY_LABELS[option]}
                  </option>
                ))}
              </SelectField>
              <SelectField
                id="entry-person"
                label="Person"
                value={profileId}
                onChange={(event) => setProfileId(event.target.value)}
                field="profileId"
                error={fieldError('profileId') ?? (people.isError ? people.error.message : undefined)}
              >
                <option value="">{people.isPending ? 'Loading...' : 'Choose a person'}</option>
                {people.data?.map((person) => (
                  <option key={person.profileId} value={person.profileId}>
                    {person.name} ({ROLE_LABELS[person.role]})
                  </option>
                ))}
              </SelectField>
              <FormField
                id="entry-day"
                label="Day"
                type="date"
                value={occurredOn}
                onChange={(event) => setOccurredOn(event.target.value)}
                field="occurredOn"
                error={fieldError('occurredOn')}
              />
              {!logged && (
                <FormField
                  id="entry-amount"
                  label={kind === 'adjustment' ? 'Amount ($, negative to take back)' : 'Amount to take back ($)'}
                  inputMode={kind === 'adjustment' ? 'text' : 'decimal'}
                  value={amount}
                  onChange={(event) => setAmount(event.target.value)}
                  field="amountCents"
                  error={fieldError('amountCents')}
                />
              )}
              {kind === 'chargeback' && (
                <SelectField
                  id="entry-reason"
                  label="Reason"
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                  field="reason"
                  error={fieldError('reason')}
                >
                  <option value="">Choose a reason</option>
                  {CHARGEBACK_REASONS.map((option) => (
                    <option key={option}>{option}</option>
                  ))}
                </SelectField>
              )}
              {logged && (
                <>
                  <FormField
                    id="entry-miles"
                    label="Miles (optional)"
                    inputMode="decimal"
                    value={miles}
                    onChange={(event) => setMiles(event.target.value)}
                    field="miles"
                    error={fieldError('miles')}
                  />
                  <FormField
                    id="entry-hours"
                    label="Hours (optional)"
                    inputMode="decimal"
                    value={hours}
                    onChange={(event) => setHours(event.target.value)}
                    field="hours"
                    error={fieldError('hours')}
                  />
                </>
              )}
            </div>
            <CaseField value={caseChoice} onChange={setCaseChoice} required={kind !== 'adjustment'} />
            <FormField
              id="entry-note"
              label={kind === 'adjustment' ? 'Why (shown on the pay line)' : 'Note (optional)'}
              value={note}
              maxLength={500}
              onChange={(event) => setNote(event.target.value)}
              field="note"
              error={fieldError('note')}
            />
            <FormProblemsSummary className="text-sm text-destructive" />
            <FormActions onCancel={onClose} pending={create.isPending} label="Save entry" />
          </form>
        </FormProblems>
      </DialogContent>
    </Dialog>
  )
}
