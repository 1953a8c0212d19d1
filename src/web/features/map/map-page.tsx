import { useQueryClient } from '@tanstack/react-query'
import { RotateCw } from 'lucide-react'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { canOpenScreen } from '../../../domain/auth/permissions'
import { activityPeriodLabel, precisionLabel, viewCountLabel } from '../../../domain/map/map-marks'
import type { Bounds } from '../../../domain/map/map-view'
import { Button } from '../../components/ui/button'
import { useLiveQueries } from '../../lib/realtime'
import { BulkAssignDialog } from '../assignments/bulk-assign-dialog'
import { useMe } from '../auth/session'
import {
  type MapPin,
  type MapView,
  useMapActivity,
  useMapCases,
  useMapConfig,
  useMapCoverage,
  useMapFilterChoices,
  useMapLots,
  useMapSelection,
} from './api'
import { SelectionBar } from './area-select'
import { pinButtonId, pinKey } from './case-marks'
import { MapCanvas } from './map-canvas'
import { MapFiltersBar } from './map-filters'
import { MapLegend } from './map-legend'
import { useMapParams } from './map-params'
import { PinCard } from './pin-card'

/**
 * /dashboard/maps (issue 19): the viewer's cases where they are, filtered, with storage lots,
 * market coverage, recent recoveries, camera finds and a heat map; an area drawn on it selects
 * its cases for a bulk assignment. A recovery agent sees their own cases (the server scopes them).
 */
export function MapPage() {
  const role = useMe().data?.profile.role
  const isAgent = role === 'recovery_agent'
  const canAssign = canOpenScreen(role, 'Agent Assignment')
  const { filters, query, layers, update, setLayer } = useMapParams()
  const [view, setView] = useState<MapView | null>(null)
  const [openPin, setOpenPin] = useState<MapPin | null>(null)
  const [selecting, setSelecting] = useState(false)
  const [area, setArea] = useState<Bounds | null>(null)
  const [assigning, setAssigning] = useState(false)
  const queryClient = useQueryClient()

  const config = useMapConfig()
  const choices = useMapFilterChoices()
  const cases = useMapCases(view, query, layers.has('cases'))
  const lots = useMapLots(layers.has('lots'))
  const coverage = useMapCoverage(layers.has('coverage'))
  const zoom = view?.zoom ?? 4
  const recoveries = useMapActivity('recoveries', zoom, query, layers.has('recoveries') || layers.has('heat'))
  const finds = useMapActivity('finds', zoom, query, layers.has('finds'))
  const selection = useMapSelection(area, zoom, query)
  useLiveQueries('orders', [
    ['map', 'cases'],
    ['map', 'activity'],
  ])
  useLiveQueries('cases', [
    ['map', 'cases'],
    ['map', 'activity'],
  ])

  const onView = useCallback((next: MapView) => setView(next), [])
  const pins = cases.data?.pins ?? []
  // Escape closes the card and puts the focus back on its pin.
  const closeCard = useCallback(() => {
    if (!openPin) return
    const id = pinButtonId(openPin)
    setOpenPin(null)
    document.getElementById(id)?.focus()
  }, [openPin])
  useEffect(() => {
    if (!openPin) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) closeCard()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [openPin, closeCard])

  const statuses = useMemo(() => [...new Set(pins.map((pin) => pin.status).filter(Boolean))].sort(), [pins])
  const period = activityPeriodLabel(filters.window ?? 'all', filters.from, filters.to)
  const activity = (on: boolean, data: typeof recoveries.data) => (on && data ? data.places : null)
  const error = layers.has('cases') ? cases.error : null

  return (
    <div className="mx-auto max-w-7xl space-y-3">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Case Location Map</h1>
        <p className="text-sm text-muted-foreground">
          {isAgent
            ? 'Your cases where they are. Select a pin for the case.'
            : 'Where the work is: filter the cases, open a pin, or select an area to assign its cases.'}
        </p>
      </div>
      <MapFiltersBar
        filters={filters}
        choices={choices.data}
        showAgent={!isAgent}
        layers={layers}
        onChange={(changes) => {
          update(changes)
          setArea(null)
        }}
        onLayer={setLayer}
      />
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {cases.data && layers.has('cases')
          ? `${precisionLabel(cases.data.precision, pins)} · ${viewCountLabel(cases.data.inView, cases.data.unplaced)}${
              cases.data.clusters.length > 0 ? ' · zoom in to see each case' : ''
            }`
          : '\u00a0'}
      </p>
      <MapCanvas
        cases={cases.data}
        showCases={layers.has('cases')}
        lots={layers.has('lots') ? (lots.data ?? null) : null}
        coverage={layers.has('coverage') ? (coverage.data ?? null) : null}
        heat={activity(layers.has('heat'), recoveries.data)}
        recoveries={activity(layers.has('recoveries'), recoveries.data)}
        finds={activity(layers.has('finds'), finds.data)}
        tilesUrl={config.data?.tilesUrl ?? null}
        busy={cases.isFetching || recoveries.isFetching || finds.isFetching}
        canSelect={canAssign}
        selecting={selecting}
        onSelecting={(on) => {
          setSelecting(on)
          if (!on) setArea(null)
        }}
        area={area}
        onArea={setArea}
        openPin={openPin}
        onOpenPin={(pin) => setOpenPin((current) => (current && pinKey(current) === pinKey(pin) ? null : pin))}
        onView={onView}
      >
        {error && (
          <div
            data-map-ui
            role="alert"
            className="absolute inset-x-2 top-1/3 z-20 mx-auto max-w-sm rounded-lg border bg-card p-4 text-center shadow-lg"
          >
            <p className="text-sm text-destructive">{error.message}</p>
            <Button size="sm" variant="outline" className="mt-3" onClick={() => void cases.refetch()}>
              <RotateCw aria-hidden />
              Retry
            </Button>
          </div>
        )}
        {!error && layers.has('cases') && cases.data?.inView === 0 && !cases.isPlaceholderData && (
          <div className="pointer-events-none absolute inset-x-2 top-1/3 z-10 mx-auto max-w-sm rounded-lg border bg-card/95 p-4 text-center shadow">
            <p className="font-medium">No cases match these filters</p>
            <p className="mt-1 text-sm text-muted-foreground">Zoom out, move the map or change the filters.</p>
          </div>
        )}
        {openPin && <PinCard pin={currentPin(openPin, cases.data?.pins)} onClose={closeCard} />}
        {area && (
          <SelectionBar
            selection={selection}
            canAssign={canAssign}
            onAssign={() => setAssigning(true)}
            onClear={() => setArea(null)}
          />
        )}
      </MapCanvas>
      <MapLegend
        statuses={statuses}
        layers={layers}
        markets={(coverage.data ?? []).map((market) => market.market)}
        period={period}
      />
      {canAssign && (
        <BulkAssignDialog
          items={selection.data?.items ?? []}
          open={assigning}
          onOpenChange={setAssigning}
          onAssigned={() => {
            setArea(null)
            setSelecting(false)
            void queryClient.invalidateQueries({ queryKey: ['map'] })
          }}
        />
      )}
    </div>
  )
}

/** The open pin as the latest answer has it (its status or clock may have changed); as it was when the answer no longer holds it. */
function currentPin(open: MapPin, pins: readonly MapPin[] | undefined) {
  return pins?.find((pin) => pinKey(pin) === pinKey(open)) ?? open
}
