import { useState } from 'react'
import { formatRepossessedAt, inputOfMoment, momentOfInput } from '../../../domain/cases/repossession'
import { Button } from '../../components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog'
import { FormField } from '../../components/ui/form-field'
import { notify } from '../../components/ui/toaster'
import { ApiError } from '../../lib/api'
import { type RepossessionTarget, useCorrectRepossession } from './api'

/**
 * 'Correct' beside a case's repossession moment (issue 41): the moment (read and entered as every
 * screen shows it, on the agency's clock) and why it changes; the reason goes on the case's timeline.
 */
export function CorrectRepossession({ target, moment }: { target: RepossessionTarget; moment: string | null }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
        {moment ? 'Correct' : 'Set'}
      </Button>
      {open && <CorrectionDialog target={target} moment={moment} onClose={() => setOpen(false)} />}
    </>
  )
}

function CorrectionDialog({
  target,
  moment,
  onClose,
}: {
  target: RepossessionTarget
  moment: string | null
  onClose: () => void
}) {
  const correct = useCorrectRepossession(target)
  const [when, setWhen] = useState(inputOfMoment(moment))
  const [reason, setReason] = useState('')
  const [error, setError] = useState<{ field?: string; message: string } | null>(null)
  const fieldError = (field: string) => (error?.field === field ? error.message.replace(/^\w+: /, '') : undefined)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    if (!when) {
      setError({ field: 'repossessedAt', message: 'Repossessed at must be a date and time.' })
      return
    }
    try {
      await correct.mutateAsync({ repossessedAt: momentOfInput(when), reason })
      notify.success({ title: 'Repossession moment saved' })
      onClose()
    } catch (failure) {
      setError({ field: failure instanceof ApiError ? failure.field : undefined, message: (failure as Error).message })
    }
  }

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogTitle>Repossession moment</DialogTitle>
        <DialogDescription>
          {`Now ${formatRepossessedAt(moment)}. Storage and invoices count from it; the reason goes on the case's timeline.`}
        </DialogDescription>
        <form className="space-y-3" onSubmit={(event) => void submit(event)} noValidate>
          <FormField
            id="repossession-moment"
            label="Repossessed at"
            type="datetime-local"
            value={when}
            onChange={(event) => setWhen(event.target.value)}
            error={fieldError('repossessedAt')}
          />
          <FormField
            id="repossession-reason"
            label="Reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={fieldError('reason')}
          />
          {error && !error.field && (
            <p role="alert" className="text-sm text-destructive">
              {error.message}
            </p>
          )}
          <Button type="submit" disabled={correct.isPending}>
            {correct.isPending ? 'Saving...' : 'Save'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  )
}
