import { Loader2, X } from 'lucide-react'
import { type PointerEvent, useRef, useState } from 'react'
import { formatWhole } from '../../../domain/formats/numbers'
import type { Bounds } from '../../../domain/map/map-view'
import { invertPoint, projectLngLat, type ViewTransform } from '../../../domain/map/web-mercator'
import { Button } from '../../components/ui/button'
import type { MapSelection } from './api'

type ScreenRect = { x0: number; y0: number; x1: number; y1: number }

/** A drag shorter than this is a tap, not an area. */
const MIN_DRAG_PX = 8

const round5 = (degrees: number) => Math.round(degrees * 100_000) / 100_000

/** The bounds of a rectangle drawn on the screen, through the view's transform. */
function rectBounds(rect: ScreenRect, t: ViewTransform): Bounds {
  const corner = (x: number, y: number) => invertPoint((x - t.x) / t.k, (y - t.y) / t.k)
  const a = corner(Math.min(rect.x0, rect.x1), Math.min(rect.y0, rect.y1))
  const b = corner(Math.max(rect.x0, rect.x1), Math.max(rect.y0, rect.y1))
  return { west: round5(a.lng), north: round5(a.lat), east: round5(b.lng), south: round5(b.lat) }
}

/**
 * Over the map while 'Select area' is on: a drag (mouse, pen or finger) draws a rectangle and
 * hands its bounds on. The map does not pan meanwhile; the wheel still zooms.
 */
export function AreaDrawer({ transform, onArea }: { transform: ViewTransform | null; onArea: (area: Bounds) => void }) {
  const [rect, setRect] = useState<ScreenRect | null>(null)
  const origin = useRef<DOMRect | null>(null)
  const at = (event: PointerEvent) => {
    const box = origin.current ?? event.currentTarget.getBoundingClientRect()
    return { x: event.clientX - box.left, y: event.clientY - box.top }
  }
  return (
    <div
      aria-hidden
      className="absolute inset-0 z-10 cursor-crosshair touch-none"
      onPointerDown={(event) => {
        if (event.button !== 0) return
        event.currentTarget.setPointerCapture(event.pointerId)
        origin.current = event.currentTarget.getBoundingClientRect()
        const { x, y } = at(event)
        setRect({ x0: x, y0: y, x1: x, y1: y })
      }}
      onPointerMove={(event) => {
        if (!rect) return
        const { x, y } = at(event)
        setRect({ ...rect, x1: x, y1: y })
      }}
      onPointerUp={() => {
        if (
          rect &&
          transform &&
          Math.abs(rect.x1 - rect.x0) >= MIN_DRAG_PX &&
          Math.abs(rect.y1 - rect.y0) >= MIN_DRAG_PX
        )
          onArea(rectBounds(rect, transform))
        setRect(null)
      }}
      onPointerCancel={() => setRect(null)}
    >
      {rect && (
        <div
          className="absolute border-2 border-primary bg-primary/15"
          style={{
            left: Math.min(rect.x0, rect.x1),
            top: Math.min(rect.y0, rect.y1),
            width: Math.abs(rect.x1 - rect.x0),
            height: Math.abs(rect.y1 - rect.y0),
          }}
        />
      )}
    </div>
  )
}

/** The chosen area, kept on its place as the map pans and zooms. */
export function AreaOutline({ area }: { area: Bounds }) {
  const [x0, y0] = projectLngLat(area.west, area.north)
  const [x1, y1] = projectLngLat(area.east, area.south)
  return (
    <div
      aria-hidden
      className="pointer-events-none absolute left-0 top-0 border-2 border-dashed border-primary bg-primary/10"
      style={{
        transform: `translate(calc(${x0}px * var(--k) + var(--tx)), calc(${y0}px * var(--k) + var(--ty)))`,
        width: `calc(${x1 - x0}px * var(--k))`,
        height: `calc(${y1 - y0}px * var(--k))`,
      }}
    />
  )
}

const plural = (count: number) => `${formatWhole(count)} ${count === 1 ? 'case' : 'cases'}`

/**
 * What the area holds, how many of those are open and can be assigned (only open work is, domain/
 * agent-work), and the way to assign them: '90 cases selected · 45 open can be assigned' and 'Assign 45 cases'.
 */
export function SelectionBar({
  selection,
  onAssign,
  onClear,
  canAssign,
}: {
  selection: { data: MapSelection | undefined; isFetching: boolean; error: Error | null }
  onAssign: () => void
  onClear: () => void
  canAssign: boolean
}) {
  const total = selection.data?.total ?? 0
  const inArea = selection.data?.inArea ?? 0
  return (
    <div
      data-map-ui
      role="status"
      className="absolute inset-x-2 bottom-2 z-20 flex flex-wrap items-center gap-2 rounded-lg border bg-card p-2 pl-3 text-sm text-card-foreground shadow-lg md:inset-x-auto md:bottom-3 md:left-3"
    >
      {selection.isFetching ? (
        <span className="flex items-center gap-2 text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden />
          Counting the cases in the area
        </span>
      ) : selection.error ? (
        <span className="text-destructive">{selection.error.message}</span>
      ) : (
        <span className="font-medium">{`${plural(inArea)} selected · ${formatWhole(total)} open can be assigned`}</span>
      )}
      {canAssign && !selection.isFetching && !selection.error && total > 0 && (
        <Button size="sm" onClick={onAssign}>{`Assign ${plural(total)}`}</Button>
      )}
      <Button size="sm" variant="ghost" onClick={onClear} aria-label="Clear the selection">
        <X aria-hidden />
      </Button>
    </div>
  )
}
