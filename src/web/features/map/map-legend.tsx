import { Warehouse } from 'lucide-react'
import type { ReactNode } from 'react'
import { useState } from 'react'
import { ActivitySwatch } from './activity-marks'
import { marketFillClass, statusTextClass } from './map-colors'
import type { MapLayer } from './map-params'
import { PinShape } from './pin-shape'

type Props = {
  statuses: string[]
  layers: Set<MapLayer>
  markets: string[]
  period: string
}

function Item({ swatch, children }: { swatch: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-center gap-1.5">
      {swatch}
      <span>{children}</span>
    </li>
  )
}

/** What the marks mean: the statuses on the map, the shapes and rings, and each layer that is on. */
export function MapLegend({ statuses, layers, markets, period }: Props) {
  // Open on a desk, folded on a phone.
  const [open] = useState(() => typeof window === 'undefined' || window.matchMedia?.('(min-width: 768px)').matches)
  const pin = (props: Partial<Parameters<typeof PinShape>[0]>) => (
    <PinShape source="order" colorClass="text-slate-400" className="size-5 shrink-0" {...props} />
  )
  return (
    <details open={open} className="rounded-lg border bg-card p-3 text-sm text-card-foreground">
      <summary className="cursor-pointer font-medium">Legend</summary>
      <div className="mt-2 space-y-2">
        <ul className="flex flex-wrap gap-x-4 gap-y-1.5" aria-label="Mark shapes">
          <Item swatch={pin({ colorClass: 'text-slate-500' })}>Order</Item>
          <Item swatch={pin({ source: 'case', colorClass: 'text-slate-500' })}>RDN case</Item>
          <Item swatch={pin({ alert: true })}>Violent or high priority</Item>
          <Item swatch={pin({ updateDue: true })}>Update due</Item>
          <Item
            swatch={
              <span className="flex size-5 shrink-0 items-center justify-center rounded-full bg-primary/85 text-[9px] font-semibold text-primary-foreground">
                12
              </span>
            }
          >
            Cases close together (select to zoom in)
          </Item>
          {layers.has('lots') && (
            <Item
              swatch={
                <span className="flex size-5 shrink-0 items-center justify-center rounded bg-slate-700 text-white dark:bg-slate-200 dark:text-slate-900">
                  <Warehouse className="size-3" aria-hidden />
                </span>
              }
            >
              Storage lot
            </Item>
          )}
          {layers.has('recoveries') && (
            <Item swatch={<ActivitySwatch kind="recoveries" />}>{`Recoveries, ${period}`}</Item>
          )}
          {layers.has('finds') && <Item swatch={<ActivitySwatch kind="finds" />}>{`Camera finds, ${period}`}</Item>}
          {layers.has('heat') && (
            <Item
              swatch={
                <span className="size-4 shrink-0 rounded-full bg-radial from-red-500 to-transparent dark:from-orange-400" />
              }
            >
              {`Heat: recoveries, ${period}`}
            </Item>
          )}
        </ul>
        {statuses.length > 0 && (
          <ul className="flex flex-wrap gap-x-4 gap-y-1.5" aria-label="Pin colours">
            {statuses.map((status) => (
              <Item
                key={status}
                swatch={
                  <svg viewBox="-6 -6 12 12" className={`size-3 shrink-0 ${statusTextClass(status)}`} aria-hidden>
                    <circle r={5.5} fill="currentColor" />
                  </svg>
                }
              >
                {status}
              </Item>
            ))}
          </ul>
        )}
        {layers.has('coverage') && markets.length > 0 && (
          <ul className="flex flex-wrap gap-x-4 gap-y-1.5" aria-label="Market colours">
            {markets.map((market, index) => (
              <Item
                key={market}
                swatch={
                  <svg
                    viewBox="-6 -6 12 12"
                    className={`size-3 shrink-0 opacity-60 ${marketFillClass(index)}`}
                    aria-hidden
                  >
                    <circle r={5.5} />
                  </svg>
                }
              >
                {`${market} coverage`}
              </Item>
            ))}
          </ul>
        )}
      </div>
    </details>
  )
}
