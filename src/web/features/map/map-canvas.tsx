import { Loader2, Maximize, Minus, Plus, SquareDashedMousePointer } from 'lucide-react'
import { type ReactNode, useEffect, useMemo, useRef } from 'react'
import type { Bounds } from '../../../domain/map/map-view'
import { centreOn, queryZoom, tilesInView, viewBounds, zoomOfScale } from '../../../domain/map/web-mercator'
import { Button } from '../../components/ui/button'
import { useDebouncedValue } from '../../lib/use-debounced-value'
import type { ActivityPlace } from './activity-marks'
import type { MapCases, MapCluster, MapLot, MapPin, MapView, MarketCoverage } from './api'
import { AreaDrawer, AreaOutline } from './area-select'
import { BaseLayers } from './base-layers'
import { arrangeCaseMarks, ClusterMarks, LotMarks, PinMarks, pinKey } from './case-marks'
import { COUNTY_ZOOM, useAtlas } from './use-atlas'
import { useMapZoom } from './use-map-zoom'

/** Zoom steps a cluster's click goes in by. */
const CLUSTER_ZOOM_STEPS = 2

type Props = {
  cases: MapCases | undefined
  showCases: boolean
  lots: MapLot[] | null
  coverage: MarketCoverage[] | null
  heat: ActivityPlace[] | null
  recoveries: ActivityPlace[] | null
  finds: ActivityPlace[] | null
  tilesUrl: string | null
  busy: boolean
  /** Whether 'Select area' is offered (only to those who may assign). */
  canSelect: boolean
  selecting: boolean
  onSelecting: (on: boolean) => void
  area: Bounds | null
  onArea: (area: Bounds) => void
  openPin: MapPin | null
  onOpenPin: (pin: MapPin) => void
  onView: (view: MapView) => void
  /** The card, the selection bar, an empty or error message: drawn over the map. */
  children?: ReactNode
}

/** The map: pan and zoom, the drawn layers, the cases as buttons over them, and the controls. */
export function MapCanvas(props: Props) {
  const containerRef = useRef<HTMLDivElement>(null)
  const baseRef = useRef<SVGGElement>(null)
  const { size, transform, moveTo, zoomBy, reset } = useMapZoom(containerRef, baseRef, { panning: !props.selecting })
  const zoom = transform ? zoomOfScale(transform.k) : 4
  const atlas = useAtlas(zoom >= COUNTY_ZOOM)

  // The server hears of a view once it has stopped moving for a quarter second (the first one at once).
  const settled = useDebouncedValue(transform, 250) ?? transform
  const view = useMemo<MapView | null>(
    () => (settled && size ? { zoom: queryZoom(settled.k), ...viewBounds(settled, size.width, size.height) } : null),
    [settled, size],
  )
  const { onView } = props
  useEffect(() => {
    if (view) onView(view)
  }, [view, onView])

  const tiles = useMemo(
    () =>
      props.tilesUrl && transform && size
        ? { template: props.tilesUrl, tiles: tilesInView(transform, size.width, size.height) }
        : null,
    [props.tilesUrl, transform, size],
  )
  const zoomInto = (cluster: MapCluster) => {
    if (!size) return
    moveTo(centreOn(cluster, Math.floor(zoom) + CLUSTER_ZOOM_STEPS, size.width, size.height))
  }
  const cases = props.showCases ? props.cases : undefined
  // Pins that would cover each other share a spiral; a crowd of them is a count to zoom into.
  const marks = useMemo(() => (cases ? arrangeCaseMarks(cases) : null), [cases])
  return (
    <div
      ref={containerRef}
      aria-busy={props.busy}
      className="relative -mx-4 h-[65vh] min-h-[22rem] touch-none overflow-hidden border-y bg-sky-50 md:mx-0 md:h-[calc(100vh-19rem)] md:min-h-[30rem] md:rounded-lg md:border dark:bg-slate-950"
    >
      <BaseLayers
        baseRef={baseRef}
        states={atlas.states}
        counties={atlas.counties}
        tiles={tiles}
        coverage={props.coverage}
        heat={props.heat}
        recoveries={props.recoveries}
        finds={props.finds}
      />
      <div className="pointer-events-none absolute inset-0">
        {props.lots && <LotMarks lots={props.lots} />}
        {marks && <ClusterMarks clusters={marks.clusters} onZoom={zoomInto} />}
        {marks && (
          <PinMarks
            pins={marks.pins}
            shifts={marks.shifts}
            openKey={props.openPin ? pinKey(props.openPin) : null}
            onOpen={props.onOpenPin}
          />
        )}
        {props.area && <AreaOutline area={props.area} />}
      </div>
      {props.selecting && <AreaDrawer transform={transform} onArea={props.onArea} />}
      <div data-map-ui className="absolute left-2 top-2 z-20 flex flex-col items-start gap-1.5 md:left-3 md:top-3">
        <div className="flex flex-col overflow-hidden rounded-md border bg-card shadow">
          <MapButton label="Zoom in" onClick={() => zoomBy(2)}>
            <Plus aria-hidden />
          </MapButton>
          <MapButton label="Zoom out" onClick={() => zoomBy(0.5)}>
            <Minus aria-hidden />
          </MapButton>
        </div>
        <Button
          variant="outline"
          size="sm"
          title="Reset view"
          className="w-9 bg-card px-0 shadow md:w-auto md:px-3"
          onClick={reset}
        >
          <Maximize aria-hidden />
          <span className="sr-only md:not-sr-only">Reset view</span>
        </Button>
        {props.canSelect && (
          <Button
            variant={props.selecting ? 'default' : 'outline'}
            size="sm"
            className={props.selecting ? 'shadow' : 'bg-card shadow'}
            aria-pressed={props.selecting}
            onClick={() => props.onSelecting(!props.selecting)}
          >
            <SquareDashedMousePointer aria-hidden />
            Select area
          </Button>
        )}
      </div>
      {atlas.statesError && (
        <p
          role="alert"
          className="absolute right-2 top-2 z-20 max-w-xs rounded-md border bg-card px-3 py-2 text-sm text-destructive shadow md:right-3 md:top-3"
        >
          The map’s outlines could not be loaded; the cases are still placed. Reload the page to try again.
        </p>
      )}
      {props.busy && (
        <div className="pointer-events-none absolute bottom-2 right-2 z-20 rounded-full border bg-card p-1.5 shadow">
          <Loader2 className="size-4 animate-spin text-muted-foreground" aria-hidden />
          <span className="sr-only">Updating the map</span>
        </div>
      )}
      {props.children}
    </div>
  )
}

function MapButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="flex size-9 items-center justify-center text-foreground hover:bg-accent focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring [&_svg]:size-4"
    >
      {children}
    </button>
  )
}
