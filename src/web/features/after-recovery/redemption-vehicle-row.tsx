import { ChevronRight } from 'lucide-react'
import { formatCaseDate } from '../../../domain/formats/dates'
import { RELEASE_STATE_LABELS, type ReleaseState } from '../../../domain/redemption/redemption-list'
import { cn } from '../../lib/utils'
import type { RedemptionVehicle } from './release-api'

const STATE_TONES: Record<ReleaseState, string> = {
  none: 'border-border text-muted-foreground',
  authorized: 'border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100',
  waiting: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100',
  signed:
    'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100',
  released: 'border-transparent bg-muted text-foreground',
  transported: 'border-transparent bg-muted text-foreground',
}

/** Where a vehicle's release stands, as a badge: 'Transport authorized' names the kind. */
export function ReleaseStateBadge({ vehicle }: { vehicle: RedemptionVehicle }) {
  const state = vehicle.state
  const text =
    state === 'authorized' && vehicle.release?.kind === 'transport'
      ? 'Transport authorized'
      : state === 'authorized'
        ? 'Release authorized'
        : RELEASE_STATE_LABELS[state]
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full border px-2 py-0.5 text-xs font-medium',
        STATE_TONES[state],
      )}
      data-testid="release-state"
    >
      {text}
    </span>
  )
}

/** One recovered vehicle of the list: a button that shows its Redemption card. */
export function RedemptionVehicleRow({
  vehicle,
  selected,
  onSelect,
}: {
  vehicle: RedemptionVehicle
  selected: boolean
  onSelect: () => void
}) {
  const release = vehicle.release
  const details = [
    vehicle.debtor,
    vehicle.client,
    vehicle.recoveredOn && `Recovered ${formatCaseDate(vehicle.recoveredOn)}`,
    release?.vendorName && `To ${release.vendorName}`,
  ].filter(Boolean)
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-expanded={selected}
      aria-controls="redemption-selected"
      data-testid="redemption-vehicle"
      className={cn(
        'flex w-full items-start gap-3 rounded-lg border bg-card px-3 py-3 text-left text-sm transition-colors hover:bg-accent/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        selected && 'border-primary bg-accent/40',
      )}
    >
      <span className="min-w-0 flex-1 space-y-1">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{vehicle.label}</span>
          <ReleaseStateBadge vehicle={vehicle} />
        </span>
        <span className="block truncate">{vehicle.vehicle ?? 'Vehicle not recorded'}</span>
        {vehicle.vin && <span className="block truncate font-mono text-xs text-muted-foreground">{vehicle.vin}</span>}
        {details.length > 0 && <span className="block text-muted-foreground">{details.join(' · ')}</span>}
      </span>
      <ChevronRight
        className={cn('mt-1 size-4 shrink-0 text-muted-foreground transition-transform', selected && 'rotate-90')}
        aria-hidden
      />
    </button>
  )
}

/** The list's shape while it loads. */
export function RedemptionListSkeleton() {
  return (
    <div className="space-y-2" aria-busy="true">
      <span className="sr-only">Loading vehicles...</span>
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className="h-24 animate-pulse rounded-lg border bg-muted/40" />
      ))}
    </div>
  )
}
