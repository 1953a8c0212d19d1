import { CalendarPlus } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { formatDateTime } from '../../../../domain/formats/dates'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { FormField } from '../../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../../components/ui/form-problems'
import type { ReportTarget } from '../../condition-reports/api'
import { type Appointment, useAppointmentStatus, useBookAppointment } from './api'
import { Section, ServerMessage } from './parts'

const STATUS_LABEL = { scheduled: 'Scheduled', kept: 'Kept', cancelled: 'Cancelled' } as const

function BookForm({ target, inventoryId, onDone }: { target: ReportTarget; inventoryId: string; onDone: () => void }) {
  const book = useBookAppointment(target, inventoryId)
  const [when, setWhen] = useState('')
  const [personName, setPersonName] = useState('')
  const [phone, setPhone] = useState('')
  const [notes, setNotes] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const startsAt = when ? new Date(when) : null
    book.mutate(
      {
        startsAt: startsAt && !Number.isNaN(startsAt.getTime()) ? startsAt.toISOString() : '',
        personName,
        phone: phone.trim() || null,
        notes: notes.trim() || null,
      },
      { onSuccess: onDone },
    )
  }
  return (
    <FormProblems error={book.error}>
      <form className="space-y-3 rounded-md border p-3" onSubmit={submit} aria-label="Book a pickup">
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField
            id="pickup-when"
            label="Date and time"
            type="datetime-local"
            value={when}
            onChange={(event) => setWhen(event.target.value)}
            field="startsAt"
          />
          <FormField
            id="pickup-person"
            label="Person coming"
            value={personName}
            autoComplete="off"
            onChange={(event) => setPersonName(event.target.value)}
            field="personName"
          />
          <FormField
            id="pickup-phone"
            label="Phone"
            type="tel"
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            field="phone"
          />
          <FormField
            id="pickup-notes"
            label="Notes"
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            field="notes"
          />
        </div>
        <FormProblemsSummary className="text-sm text-destructive" />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={book.isPending}>
            {book.isPending ? 'Booking...' : 'Book pickup'}
          </Button>
          <Button type="button" variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
    </FormProblems>
  )
}

function AppointmentRow({ target, appointment }: { target: ReportTarget; appointment: Appointment }) {
  const mark = useAppointmentStatus(target)
  return (
    <li className="space-y-2 rounded-md border p-3 text-sm" data-testid="property-appointment">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-medium">{formatDateTime(appointment.startsAt)}</p>
          <p>
            {appointment.personName}
            {appointment.phone && <span className="text-muted-foreground"> · {appointment.phone}</span>}
          </p>
          {appointment.notes && <p className="text-muted-foreground">{appointment.notes}</p>}
        </div>
        <Badge variant={appointment.status === 'scheduled' ? 'secondary' : 'outline'}>
          {STATUS_LABEL[appointment.status]}
        </Badge>
      </div>
      {appointment.status === 'scheduled' && (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            disabled={mark.isPending}
            onClick={() => mark.mutate({ id: appointment.id, status: 'kept' })}
          >
            Mark kept
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={mark.isPending}
            onClick={() => mark.mutate({ id: appointment.id, status: 'cancelled' })}
          >
            Cancel pickup
          </Button>
        </div>
      )}
      <ServerMessage error={mark.error} />
    </li>
  )
}

/** When the owner comes for the property: booked pickups, marked kept or cancelled. */
export function AppointmentsSection({
  target,
  inventoryId,
  appointments,
  canBook,
}: {
  target: ReportTarget
  inventoryId: string
  appointments: Appointment[]
  canBook: boolean
}) {
  const [adding, setAdding] = useState(false)
  return (
    <Section title="Pickups">
      {appointments.length === 0 ? (
        <p className="text-sm text-muted-foreground">No pickup booked.</p>
      ) : (
        <ul className="space-y-2" aria-label="Pickups booked">
          {appointments.map((appointment) => (
            <AppointmentRow key={appointment.id} target={target} appointment={appointment} />
          ))}
        </ul>
      )}
      {canBook &&
        (adding ? (
          <BookForm target={target} inventoryId={inventoryId} onDone={() => setAdding(false)} />
        ) : (
          <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
            <CalendarPlus aria-hidden />
            Book a pickup
          </Button>
        ))}
    </Section>
  )
}
