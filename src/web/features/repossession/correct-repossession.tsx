import { useState } from 'react'
import { formatRepossessedAt, inputOfMoment, momentOfInput } from '../../../domain/cases/repossession'
import { Button } from '../../components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog'
import { FormField } from '../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../components/ui/form-problems'
import { notify } from '../../components/ui/toaster'
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
  // The form's own check, or the server's refusal (its reasons beside their fields, any other above Save).
  const [missing, setMissing] = useState<string | null>(null)
  const [refusal, setRefusal] = useState<unknown>(null)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setRefusal(null)
    setMissing(null)
    if (!when) {
      setMissing('Repossessed at must be a date and time.')
      return
    }
    try {
      await correct.mutateAsync({ repossessedAt: momentOfInput(when), reason })
      notify.success({ title: 'Repossession moment saved' })
      onClose()
    } catch (failure) {
      setRefusal(failure)
    }
  }

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogTitle>Repossession moment</DialogTitle>
        <DialogDescription>
          {`Now ${formatRepossessedAt(moment)}. Storage and invoices count from it; the reason goes on the case's timeline.`}
        </DialogDescription>
        <FormProblems error={refusal}>
          <form className="space-y-3" onSubmit={(event) => void submit(event)} noValidate>
            <FormField
              id="repossession-moment"
              label="Repossessed at"
              type="datetime-local"
              value={when}
              onChange={(event) => setWhen(event.target.value)}
              field="repossessedAt"
              error={missing ?? undefined}
            />
            <FormField
              id="repossession-reason"
              label="Reason"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              field="reason"
            />
            <FormProblemsSummary className="text-sm text-destructive" />
            <Button type="submit" disabled={correct.isPending}>
              {correct.isPending ? 'Saving...' : 'Save'}
            </Button>
          </form>
        </FormProblems>
      </DialogContent>
    </Dialog>
  )
}
