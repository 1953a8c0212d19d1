import { Warehouse } from 'lucide-react'
import { memo, useMemo, useState } from 'react'
import { clusterRadius, pinFlags, spreadOffsets } from '../../../domain/map/map-marks'
import { cn } from '../../lib/utils'
import type { MapCluster, MapLot, MapPin } from './api'
import { statusTextClass } from './map-colors'
import { PinShape } from './pin-shape'
import { placeStyle } from './place-style'

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 })
const whole = new Intl.NumberFormat('en-US')

export const pinKey = (pin: Pick<MapPin, 'source' | 'id'>) => `${pin.source}:${pin.id}`

/** A pin's button id, so focus can go back to it when its card closes. */
export const pinButtonId = (pin: Pick<MapPin, 'source' | 'id'>) => `map-pin-${pin.source}-${pin.id}`

/** What the pin's title says beside its label. */
function pinDescription(pin: MapPin) {
  const { alert, updateDue } = pinFlags(pin)
  return [
    pin.source === 'order' ? 'Order' : 'RDN case',
    pin.status,
    pin.violent ? 'violent' : null,
    alert && !pin.violent ? `${pin.priority} priority` : null,
    updateDue ? 'update due' : null,
  ]
    .filter(Boolean)
    .join(' · ')
}

/** The cases of the view: a button per pin (named by its label), drawn over the map. */
export const PinMarks = memo(function PinMarks({
  pins,
  openKey,
  onOpen,
}: {
  pins: MapPin[]
  openKey: string | null
  onOpen: (pin: MapPin) => void
}) {
  // Cases at one ZIP centre share a place: each gets its own spot in a spiral about it.
  const shifts = useMemo(() => {
    const byPlace = new Map<string, MapPin[]>()
    for (const pin of pins) {
      const place = `${pin.lat},${pin.lng}`
      const group = byPlace.get(place)
      if (group) group.push(pin)
      else byPlace.set(place, [pin])
    }
    const shift = new Map<string, [number, number]>()
    for (const group of byPlace.values()) {
      const offsets = spreadOffsets(group.length)
      for (const [index, pin] of group.entries()) shift.set(pinKey(pin), offsets[index])
    }
    return shift
  }, [pins])
  return pins.map((pin) => {
    const { alert, updateDue } = pinFlags(pin)
    const open = openKey === pinKey(pin)
    return (
      <button
        key={pinKey(pin)}
        id={pinButtonId(pin)}
        type="button"
        aria-label={pin.label}
        title={`${pin.label} · ${pinDescription(pin)}`}
        aria-expanded={open}
        onClick={() => onOpen(pin)}
        style={placeStyle(pin.lng, pin.lat, 14, shifts.get(pinKey(pin)))}
        className={cn(
          'pointer-events-auto absolute left-0 top-0 size-7 rounded-full focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
          open && 'z-10 scale-125 outline-2 outline-ring',
        )}
      >
        <PinShape
          source={pin.source}
          colorClass={statusTextClass(pin.status)}
          alert={alert}
          updateDue={updateDue}
          className="size-7"
        />
      </button>
    )
  })
})

/** Clusters: a circle sized by its count, the count inside; a click zooms into it. */
export const ClusterMarks = memo(function ClusterMarks({
  clusters,
  onZoom,
}: {
  clusters: MapCluster[]
  onZoom: (cluster: MapCluster) => void
}) {
  return clusters.map((cluster) => {
    const radius = Math.round(clusterRadius(cluster.count))
    return (
      <button
        key={`${cluster.lat},${cluster.lng}`}
        type="button"
        aria-label={`${whole.format(cluster.count)} cases here: zoom in`}
        title={`${whole.format(cluster.count)} cases (${whole.format(cluster.bySource.order)} orders, ${whole.format(cluster.bySource.case)} RDN cases)`}
        onClick={() => onZoom(cluster)}
        style={{ ...placeStyle(cluster.lng, cluster.lat, radius), width: radius * 2, height: radius * 2 }}
        className="pointer-events-auto absolute left-0 top-0 flex items-center justify-center rounded-full border-2 border-white bg-primary/85 text-xs font-semibold tabular-nums text-primary-foreground shadow-md hover:bg-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring dark:border-neutral-900"
      >
        {cluster.count >= 10_000 ? compact.format(cluster.count) : whole.format(cluster.count)}
      </button>
    )
  })
})

/** Storage lots: a lot icon whose name shows on hover and focus (and stays after a tap). */
export const LotMarks = memo(function LotMarks({ lots }: { lots: MapLot[] }) {
  const [shown, setShown] = useState<string | null>(null)
  return lots
    .filter((lot) => lot.lat !== null && lot.lng !== null)
    .map((lot) => (
      <button
        key={lot.id}
        type="button"
        aria-label={`Storage lot: ${lot.name}`}
        title={lot.address ?? undefined}
        onClick={() => setShown((current) => (current === lot.id ? null : lot.id))}
        style={placeStyle(Number(lot.lng), Number(lot.lat), 12)}
        className="group pointer-events-auto absolute left-0 top-0 flex size-6 items-center justify-center rounded-md border border-white bg-slate-700 text-white shadow focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring dark:border-neutral-900 dark:bg-slate-200 dark:text-slate-900"
      >
        <Warehouse className="size-3.5" aria-hidden />
        <span
          className={cn(
            'pointer-events-none absolute left-7 top-0 hidden whitespace-nowrap rounded bg-card px-1.5 py-0.5 text-xs text-card-foreground shadow group-hover:block group-focus-visible:block',
            shown === lot.id && 'block',
          )}
        >
          {lot.name}
        </span>
      </button>
    ))
})
