import { Truck } from 'lucide-react'
import { useState } from 'react'
import { ON_HOOK_PHOTO_REQUIRED } from '../../../domain/holds/on-hook'
import { Button } from '../../components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog'
import { FormProblems } from '../../components/ui/form-problems'
import { notify } from '../../components/ui/toaster'
import type { ReportPhoto } from '../condition-reports/api'
import { PhotoTile } from '../condition-reports/photo-tile'
import { ActFields } from './act-fields'
import { type FieldCaseTarget, type FieldRecord, useFieldRecord, useRecordOnHook } from './api'
import { useDeviceEvidence, useDevicePosition } from './device-evidence'
import { StopNotice } from './stop-banner'

/** 'On-Hook': the vehicle is on the truck; opens the dialog that records it. */
export function OnHookButton({
  target,
  address,
  size = 'default',
  label,
}: {
  target: FieldCaseTarget
  address: string | null
  size?: 'default' | 'sm'
  /** The accessible name where several show (a dashboard's rows): 'On-Hook ORD-1001'. */
  label?: string
}) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button size={size} onClick={() => setOpen(true)} aria-label={label}>
        <Truck aria-hidden />
        On-Hook
      </Button>
      {open && <OnHookDialog target={target} address={address} onClose={() => setOpen(false)} />}
    </>
  )
}

/**
 * Records an On-Hook (issue 44) from the field: the recovery address, a photo (required where the
 * client says so), a note, and the device's clock and GPS position when it shares them. The case
 * is read first: a stopped one shows why instead of the form.
 */
export function OnHookDialog({
  target,
  address,
  onClose,
}: {
  target: FieldCaseTarget
  address: string | null
  onClose: () => void
}) {
  const record = useFieldRecord(target)
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogTitle>On-Hook</DialogTitle>
        <DialogDescription>
          The vehicle is on the truck. Recorded at the server's time and cannot be edited afterwards: a correction is a
          new entry with a reason.
        </DialogDescription>
        {record.isPending ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : record.isError ? (
          <div className="space-y-2">
            <p role="alert" className="text-sm text-destructive">
              {record.error.message}
            </p>
            <Button variant="outline" onClick={() => void record.refetch()}>
              Try Again
            </Button>
          </div>
        ) : record.data.stopped ? (
          <StopNotice status={record.data.status} message={record.data.stopMessage} />
        ) : (
          <OnHookForm target={target} record={record.data} address={address} onDone={onClose} />
        )}
      </DialogContent>
    </Dialog>
  )
}

function OnHookForm({
  target,
  record,
  address,
  onDone,
}: {
  target: FieldCaseTarget
  record: FieldRecord
  address: string | null
  onDone: () => void
}) {
  const onHook = useRecordOnHook(target)
  const position = useDevicePosition()
  const evidence = useDeviceEvidence(position)
  const [photo, setPhoto] = useState<ReportPhoto | null>(null)
  const [where, setWhere] = useState(address ?? '')
  const [note, setNote] = useState('')
  const [missingPhoto, setMissingPhoto] = useState(false)
  const [refusal, setRefusal] = useState<unknown>(null)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setRefusal(null)
    if (record.photoRequired && !photo) {
      setMissingPhoto(true)
      return
    }
    try {
      await onHook.mutateAsync({ ...evidence(photo?.id), address: where, note })
      notify.success({ title: 'On-Hook recorded', description: 'The case is Repossessed.' })
      onDone()
    } catch (failure) {
      setRefusal(failure)
    }
  }

  return (
    <FormProblems error={refusal}>
      <form className="space-y-3" onSubmit={(event) => void submit(event)} noValidate>
        <PhotoTile
          id="on-hook-photo"
          label={record.photoRequired ? 'Vehicle on the hook (required)' : 'Vehicle on the hook (optional)'}
          file={photo}
          field="photoFileId"
          className="max-w-56"
          onUploaded={(file) => {
            setPhoto(file)
            setMissingPhoto(false)
          }}
        />
        {missingPhoto && (
          <p role="alert" className="text-sm text-destructive">
            {ON_HOOK_PHOTO_REQUIRED}
          </p>
        )}
        <ActFields
          idPrefix="on-hook"
          addressLabel="Recovery address"
          address={where}
          onAddress={setWhere}
          note={note}
          onNote={setNote}
          position={position}
          pending={onHook.isPending}
          submitLabel="Record On-Hook"
          icon={<Truck aria-hidden />}
        />
      </form>
    </FormProblems>
  )
}
