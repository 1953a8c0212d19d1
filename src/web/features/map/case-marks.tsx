import { Warehouse } from 'lucide-react'
import { memo, useState } from 'react'
import { formatWhole } from '../../../domain/formats/numbers'
import { arrangePins, clusterRadius, pinFlags } from '../../../domain/map/map-marks'
import { cn } from '../../lib/utils'
import type { MapCases, MapCluster, MapLot, MapPin } from './api'
import { statusTextClass } from './map-colors'
import { PinShape } from './pin-shape'
import { placeStyle } from './place-style'

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 })

export const pinKey = (pin: Pick<MapPin, 'source' | 'id'>) => `${pin.source}:${pin.id}`

/**
 * The marks of an answer as drawn at its zoom: its clusters, plus a cluster for each crowd of pins
 * too close to press apart; the other pins with the shifts that keep them apart.
 */
export function arrangeCaseMarks(cases: Pick<MapCases, 'pins' | 'clusters' | 'zoom'>) {
  const { shifts, crowds } = arrangePins(
    cases.pins.map((pin) => ({ ...pin, key: pinKey(pin) })),
    cases.zoom,
  )
  const crowded = new Set(crowds.flatMap((crowd) => crowd.pins.map((pin) => pin.key)))
  const crowdClusters: MapCluster[] = crowds.map((crowd) => {
    const byStatus: Record<string, number> = {}
    for (const pin of crowd.pins) byStatus[pin.status] = (byStatus[pin.status] ?? 0) + 1
    const orders = crowd.pins.filter((pin) => pin.source === 'order').length
    return {
      lat: crowd.lat,
      lng: crowd.lng,
      count: crowd.pins.length,
      byStatus,
      bySource: { order: orders, case: crowd.pins.length - orders },
    }
  })
  return {
    clusters: [...cases.clusters, ...crowdClusters],
    pins: cases.pins.filter((pin) => !crowded.has(pinKey(pin))),
    shifts,
  }
}

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
  shifts,
  openKey,
  onOpen,
}: {
  pins: MapPin[]
  /** Screen shifts keeping pins apart (arrangeCaseMarks). */
  shifts: Map<string, [number, number]>
  openKey: string | null
  onOpen: (pin: MapPin) => void
}) {
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
        aria-label={`${formatWhole(cluster.count)} cases here: zoom in`}
        title={`${formatWhole(cluster.count)} cases (${formatWhole(cluster.bySource.order)} orders, ${formatWhole(cluster.bySource.case)} RDN cases)`}
        onClick={() => onZoom(cluster)}
        style={{ ...placeStyle(cluster.lng, cluster.lat, radius), width: radius * 2, height: radius * 2 }}
        className="pointer-events-auto absolute left-0 top-0 flex items-center justify-center rounded-full border-2 border-white bg-primary/85 text-xs font-semibold tabular-nums text-primary-foreground shadow-md hover:bg-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring dark:border-neutral-900"
      >
        {cluster.count >= 10_000 ? compact.format(cluster.count) : formatWhole(cluster.count)}
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
