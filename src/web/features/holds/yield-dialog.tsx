import { MapPinOff } from 'lucide-react'
import { useState } from 'react'
import { YIELD_REASONS, type YieldReason } from '../../../domain/holds/on-hook'
import { Button } from '../../components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog'
import { SelectField } from '../../components/ui/form-field'
import { FormProblems } from '../../components/ui/form-problems'
import { notify } from '../../components/ui/toaster'
import { ActFields } from './act-fields'
import { type FieldCaseTarget, useRecordYield } from './api'
import { useDeviceEvidence, useDevicePosition } from './device-evidence'

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
  const [reason, setReason] = useState<YieldReason | ''>('')
  const [where, setWhere] = useState(address ?? '')
  const [note, setNote] = useState('')
  const [refusal, setRefusal] = useState<unknown>(null)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setRefusal(null)
    try {
      // An unchosen reason goes as sent: the server names the field.
      await record.mutateAsync({ ...evidence(undefined), reason: reason as YieldReason, address: where, note })
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
              onChange={(event) => setReason(event.target.value as YieldReason | '')}
              field="reason"
            >
              <option value="">Choose a reason</option>
              {Object.entries(YIELD_REASONS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </SelectField>
            <ActFields
              idPrefix="yield"
              addressLabel="Address"
              address={where}
              onAddress={setWhere}
              note={note}
              onNote={setNote}
              position={position}
              pending={record.isPending}
              submitLabel="Record Yield"
            />
          </form>
        </FormProblems>
      </DialogContent>
    </Dialog>
  )
}
