import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog'
import { FormField, SelectField } from '../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../components/ui/form-problems'
import { notify } from '../../components/ui/toaster'
import { type InvoiceDetail, useStopStorage } from './api'

const EVENTS = [
  ['release', 'Released to the owner'],
  ['transport', 'Transported away'],
  ['redemption', 'Redeemed'],
] as const

/** The local date and time now, as a datetime-local input holds it. */
const localNow = () => {
  const now = new Date()
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
}

/** A stop event ends a draft's storage: release, transport or redemption, and when. */
export function StorageStopDialog({ invoice, onClose }: { invoice: InvoiceDetail; onClose: () => void }) {
  const stop = useStopStorage(invoice.id)
  const [event, setEvent] = useState<(typeof EVENTS)[number][0]>('release')
  const [at, setAt] = useState(localNow)
  // The form's own check, or the server's refusal (its reasons beside their fields, the rest below).
  const [error, setError] = useState<{ field: string; message: string } | null>(null)
  const [refusal, setRefusal] = useState<unknown>(null)

  async function submit(formEvent: React.FormEvent) {
    formEvent.preventDefault()
    setError(null)
    setRefusal(null)
    const moment = new Date(at)
    if (Number.isNaN(moment.getTime()))
      return setError({ field: 'at', message: 'Give the date and time storage stopped.' })
    try {
      await stop.mutateAsync({ event, at: moment.toISOString() })
      notify.success({ title: 'Storage stopped' })
      onClose()
    } catch (failure) {
      setRefusal(failure)
    }
  }

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogTitle>Stop storage on {invoice.number}</DialogTitle>
        <DialogDescription>Storage accrues from the repossession until the vehicle leaves the lot.</DialogDescription>
        <FormProblems error={refusal}>
          <form className="space-y-3" onSubmit={(formEvent) => void submit(formEvent)} noValidate>
            <SelectField
              id="storage-event"
              label="What ended it"
              value={event}
              onChange={(change) => setEvent(change.target.value as typeof event)}
              name="event"
            >
              {EVENTS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </SelectField>
            <FormField
              id="storage-at"
              label="When"
              type="datetime-local"
              value={at}
              onChange={(change) => setAt(change.target.value)}
              name="at"
              error={error?.field === 'at' ? error.message : undefined}
            />
            <FormProblemsSummary className="text-sm text-destructive" />
            <Button type="submit" disabled={stop.isPending}>
              {stop.isPending ? 'Saving...' : 'Stop storage'}
            </Button>
          </form>
        </FormProblems>
      </DialogContent>
    </Dialog>
  )
}
