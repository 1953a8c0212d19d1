import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog'
import { FormField, TextareaField } from '../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../components/ui/form-problems'
import { notify } from '../../components/ui/toaster'
import { type FieldCaseTarget, type RecoveryAct, useCorrectAct } from './api'

/** 'Correct' beside a recorded act: the act stays as it was; the correction is a new entry with its reason. */
export function CorrectActButton({ target, act, label }: { target: FieldCaseTarget; act: RecoveryAct; label: string }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-label={`Correct ${label}`}>
        Correct
      </Button>
      {open && <CorrectActDialog target={target} act={act} label={label} onClose={() => setOpen(false)} />}
    </>
  )
}

function CorrectActDialog({
  target,
  act,
  label,
  onClose,
}: {
  target: FieldCaseTarget
  act: RecoveryAct
  label: string
  onClose: () => void
}) {
  const correct = useCorrectAct(target, act.id)
  const [reason, setReason] = useState('')
  const [address, setAddress] = useState(act.address ?? '')
  const [note, setNote] = useState(act.note ?? '')
  const [missing, setMissing] = useState<string | null>(null)
  const [refusal, setRefusal] = useState<unknown>(null)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setRefusal(null)
    setMissing(null)
    if (!reason.trim()) {
      setMissing('Reason is required: say what was wrong.')
      return
    }
    try {
      await correct.mutateAsync({ reason, address, note })
      notify.success({ title: 'Correction recorded' })
      onClose()
    } catch (failure) {
      setRefusal(failure)
    }
  }

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogTitle>{`Correct ${label}`}</DialogTitle>
        <DialogDescription>
          What was recorded stays; the correction is a new entry with its reason, on the timeline and the audit log.
        </DialogDescription>
        <FormProblems error={refusal}>
          <form className="space-y-3" onSubmit={(event) => void submit(event)} noValidate>
            <FormField
              id="correct-act-reason"
              label="Reason"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              field="reason"
              error={missing ?? undefined}
            />
            <FormField
              id="correct-act-address"
              label="Address"
              value={address}
              onChange={(event) => setAddress(event.target.value)}
              field="address"
            />
            <TextareaField
              id="correct-act-note"
              label="Note"
              value={note}
              maxLength={1500}
              onChange={(event) => setNote(event.target.value)}
              field="note"
            />
            <FormProblemsSummary />
            <Button type="submit" disabled={correct.isPending}>
              {correct.isPending ? 'Saving...' : 'Save correction'}
            </Button>
          </form>
        </FormProblems>
      </DialogContent>
    </Dialog>
  )
}
