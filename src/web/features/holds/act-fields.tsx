import type { ReactNode } from 'react'
import { Button } from '../../components/ui/button'
import { FormField, TextareaField } from '../../components/ui/form-field'
import { FormProblemsSummary } from '../../components/ui/form-problems'
import { type DevicePositionState, positionText } from './device-evidence'

/**
 * The end of an On-Hook's or a Yield's form: the address, a note, what the device adds, the
 * server's reasons, and the submit.
 */
export function ActFields({
  idPrefix,
  addressLabel,
  address,
  onAddress,
  note,
  onNote,
  position,
  pending,
  submitLabel,
  icon,
}: {
  idPrefix: string
  addressLabel: string
  address: string
  onAddress: (value: string) => void
  note: string
  onNote: (value: string) => void
  position: DevicePositionState
  pending: boolean
  submitLabel: string
  icon?: ReactNode
}) {
  return (
    <>
      <FormField
        id={`${idPrefix}-address`}
        label={addressLabel}
        value={address}
        onChange={(event) => onAddress(event.target.value)}
        field="address"
        autoComplete="off"
      />
      <TextareaField
        id={`${idPrefix}-note`}
        label="Note"
        value={note}
        maxLength={1500}
        onChange={(event) => onNote(event.target.value)}
        field="note"
      />
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {positionText(position)}
      </p>
      <FormProblemsSummary />
      <Button type="submit" className="w-full sm:w-auto" disabled={pending}>
        {icon}
        {pending ? 'Recording...' : submitLabel}
      </Button>
    </>
  )
}
