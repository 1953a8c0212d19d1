import { AlertTriangle, Clock, X } from 'lucide-react'
import { useEffect, useId, useRef } from 'react'
import { Link } from 'react-router'
import { pinFlags } from '../../../domain/map/map-marks'
import { notificationAge } from '../../../domain/notifications/notifications'
import { StatusBadge } from '../../components/status-badge'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import type { MapPin } from './api'

/** Where a pin's case lives: an order by its id, an RDN case by its RDN case id. */
export const caseHref = (pin: Pick<MapPin, 'source' | 'id'>) =>
  pin.source === 'order' ? `/order/${encodeURIComponent(pin.id)}` : `/cases/${encodeURIComponent(pin.id)}`

/** A pin's card over the map (a region named by the case): the case, its vehicle, address and last update. */
export function PinCard({ pin, onClose }: { pin: MapPin; onClose: () => void }) {
  const titleId = useId()
  const card = useRef<HTMLElement>(null)
  const { alert, updateDue } = pinFlags(pin)
  // The card takes the focus when it opens (the next Tab reaches its link); Escape gives it back to the pin.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each pin opened
  useEffect(() => card.current?.focus(), [pin])
  return (
    <section
      ref={card}
      tabIndex={-1}
      aria-labelledby={titleId}
      data-map-ui
      className="absolute inset-x-2 bottom-2 z-20 max-h-[70%] overflow-y-auto rounded-lg border bg-card p-4 text-card-foreground shadow-lg outline-none focus-visible:ring-2 focus-visible:ring-ring md:inset-x-auto md:bottom-auto md:right-3 md:top-3 md:w-80"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs text-muted-foreground">{pin.source === 'order' ? 'Order' : 'RDN case'}</p>
          <h2 id={titleId} className="truncate text-base font-semibold">
            {pin.label}
          </h2>
        </div>
        <Button variant="ghost" size="icon" className="-mr-2 -mt-2 size-8" aria-label="Close" onClick={onClose}>
          <X aria-hidden />
        </Button>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-1.5">
        <StatusBadge status={pin.status} />
        {pin.violent && (
          <Badge variant="destructive" className="gap-1">
            <AlertTriangle className="size-3" aria-hidden />
            Violent
          </Badge>
        )}
        {alert && !pin.violent && <Badge variant="destructive">{`${capitalize(pin.priority ?? '')} priority`}</Badge>}
        {updateDue && (
          <Badge className="gap-1 border-transparent bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100">
            <Clock className="size-3" aria-hidden />
            Update due
          </Badge>
        )}
      </div>
      <dl className="mt-3 space-y-1.5 text-sm">
        <Row label="Vehicle" value={pin.vehicle} />
        <Row label="Name" value={pin.name} />
        <Row label="Address" value={pin.address || (pin.zip ? `ZIP ${pin.zip}` : null)} />
      </dl>
      <p className="mt-2 text-xs text-muted-foreground">
        {`Updated ${notificationAge(new Date(pin.updatedAt), new Date())} · ${
          pin.precision === 'street' ? 'placed at its street address' : 'placed at its ZIP centre'
        }`}
      </p>
      <Button asChild size="sm" className="mt-3 w-full">
        <Link to={caseHref(pin)}>{pin.source === 'order' ? 'Open the order' : 'Open the case'}</Link>
      </Button>
    </section>
  )
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

function Row({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="grid grid-cols-[4.5rem_1fr] gap-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{value || '-'}</dd>
    </div>
  )
}
