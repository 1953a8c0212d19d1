import { MapPinOff } from 'lucide-react'
import { useState } from 'react'
import { YIELD_REASONS } from '../../../domain/holds/on-hook'
import { Button } from '../../components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog'
import { FormField, SelectField, TextareaField } from '../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../components/ui/form-problems'
import { notify } from '../../components/ui/toaster'
import { type FieldCaseTarget, useRecordYield } from './api'
import { positionText, useDeviceEvidence, useDevicePosition } from './device-evidence'

/** 'Yield': the address gave nothing; opens the dialog that records why. */
export function YieldButton({ target, address }: { target: FieldCaseTarget; address: string | null }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <MapPinOff aria-hidden />
        Yield
      </Button>
      {open && <YieldDialog target={target} address={address} onClose={() => setOpen(false)} />}
    </>
  )
}

/** Records a Yield (issue 44): which address, why it gave nothing, a note, with the device's clock and position. */
function YieldDialog({
  target,
  address,
  onClose,
}: {
  target: FieldCaseTarget
  address: string | null
  onClose: () => void
}) {
  const record = useRecordYield(target)
  const position = useDevicePosition()
  const evidence = useDeviceEvidence(position)
  const [reason, setReason] = useState('')
  const [where, setWhere] = useState(address ?? '')
  const [note, setNote] = useState('')
  const [refusal, setRefusal] = useState<unknown>(null)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setRefusal(null)
    try {
      await record.mutateAsync({ ...evidence(undefined), reason, address: where, note })
      notify.success({ title: 'Yield recorded' })
      onClose()
    } catch (failure) {
      setRefusal(failure)
    }
  }

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogTitle>Yield</DialogTitle>
        <DialogDescription>This address gave nothing. Recorded once; a correction is a new entry.</DialogDescription>
        <FormProblems error={refusal}>
          <form className="space-y-3" onSubmit={(event) => void submit(event)} noValidate>
            <SelectField
              id="yield-reason"
              label="Reason"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              field="reason"
            >
              <option value="">Choose a reason</option>
              {Object.entries(YIELD_REASONS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </SelectField>
            <FormField
              id="yield-address"
              label="Address"
              value={where}
              onChange={(event) => setWhere(event.target.value)}
              field="address"
              autoComplete="off"
            />
            <TextareaField
              id="yield-note"
              label="Note"
              value={note}
              maxLength={1500}
              onChange={(event) => setNote(event.target.value)}
              field="note"
            />
            <p className="text-xs text-muted-foreground" aria-live="polite">
              {positionText(position)}
            </p>
            <FormProblemsSummary />
            <Button type="submit" className="w-full sm:w-auto" disabled={record.isPending}>
              {record.isPending ? 'Recording...' : 'Record Yield'}
            </Button>
          </form>
        </FormProblems>
      </DialogContent>
    </Dialog>
  )
}
