import { memo } from 'react'
import { activityRadius } from '../../../domain/map/map-marks'
import { placeStyle } from './place-style'

export type ActivityPlace = { key: string; lat: number; lng: number; count: number }
type Kind = 'recoveries' | 'finds'

/** Recoveries filled green, camera finds violet rings. */
const KIND_CLASS: Record<Kind, string> = {
  recoveries: 'fill-emerald-500/80 stroke-white dark:fill-emerald-400/80 dark:stroke-neutral-900',
  finds: 'fill-violet-500/15 stroke-violet-600 dark:fill-violet-400/20 dark:stroke-violet-300',
}
const KIND_STROKE: Record<Kind, number> = { recoveries: 1.5, finds: 2.5 }

/** Recoveries or camera finds, each mark sized by its count at the place. */
export const ActivityMarks = memo(function ActivityMarks({ kind, places }: { kind: Kind; places: ActivityPlace[] }) {
  return (
    <g aria-hidden className={KIND_CLASS[kind]} strokeWidth={KIND_STROKE[kind]}>
      {places.map((place) => (
        <circle key={place.key} r={activityRadius(place.count)} style={placeStyle(place.lng, place.lat)} />
      ))}
    </g>
  )
})

/** The same mark for the legend. */
export function ActivitySwatch({ kind }: { kind: Kind }) {
  return (
    <svg viewBox="-8 -8 16 16" className="size-4 shrink-0" aria-hidden>
      <circle r={6} className={KIND_CLASS[kind]} strokeWidth={KIND_STROKE[kind]} />
    </svg>
  )
}
