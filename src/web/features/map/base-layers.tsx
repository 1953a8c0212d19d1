import { type CSSProperties, memo, type RefObject } from 'react'
import { heatSpot } from '../../../domain/map/map-marks'
import { type Tile, tileUrl } from '../../../domain/map/web-mercator'
import { ActivityMarks, type ActivityPlace } from './activity-marks'
import type { MarketCoverage } from './api'
import { marketFillClass } from './map-colors'
import { placeStyle } from './place-style'

type Props = {
  baseRef: RefObject<SVGGElement | null>
  states: { land: string; borders: string } | undefined
  counties: string | undefined
  tiles: { template: string; tiles: Tile[] } | null
  coverage: MarketCoverage[] | null
  heat: ActivityPlace[] | null
  recoveries: ActivityPlace[] | null
  finds: ActivityPlace[] | null
}

/**
 * The drawn map (an image to assistive technology; the cases on it are buttons over it): street
 * tiles, land, county and state lines in the zoomed base group, then the shaded layers.
 */
export function BaseLayers({ baseRef, states, counties, tiles, coverage, heat, recoveries, finds }: Props) {
  return (
    <svg role="img" aria-label="Case map" className="absolute inset-0 size-full select-none">
      <defs>
        <radialGradient id="map-heat-spot" className="text-red-500 dark:text-orange-400">
          <stop offset="0" stopColor="currentColor" stopOpacity="0.85" />
          <stop offset="0.5" stopColor="currentColor" stopOpacity="0.35" />
          <stop offset="1" stopColor="currentColor" stopOpacity="0" />
        </radialGradient>
      </defs>
      <g ref={baseRef}>
        {tiles?.tiles.map((tile) => (
          <image
            key={`${tile.z}/${tile.left}/${tile.top}`}
            href={tileUrl(tiles.template, tile)}
            x={tile.left}
            y={tile.top}
            // A hair larger, so no seam shows between tiles.
            width={tile.size * 1.004}
            height={tile.size * 1.004}
            preserveAspectRatio="none"
          />
        ))}
        {states && <Outlines states={states} counties={counties} overTiles={tiles !== null} />}
      </g>
      {coverage && <Coverage markets={coverage} />}
      {heat && <Heat places={heat} />}
      {recoveries && <ActivityMarks kind="recoveries" places={recoveries} />}
      {finds && <ActivityMarks kind="finds" places={finds} />}
    </svg>
  )
}

const Outlines = memo(function Outlines({
  states,
  counties,
  overTiles,
}: {
  states: { land: string; borders: string }
  counties: string | undefined
  overTiles: boolean
}) {
  return (
    <>
      <path
        d={states.land}
        className={
          overTiles
            ? 'fill-none stroke-slate-500'
            : 'fill-white stroke-slate-400 dark:fill-neutral-800 dark:stroke-neutral-500'
        }
        strokeWidth={1}
        vectorEffect="non-scaling-stroke"
      />
      {counties && (
        <path
          d={counties}
          className="fill-none stroke-slate-300 dark:stroke-neutral-700"
          strokeWidth={0.6}
          vectorEffect="non-scaling-stroke"
        />
      )}
      <path
        d={states.borders}
        className="fill-none stroke-slate-400 dark:stroke-neutral-500"
        strokeWidth={1}
        strokeLinejoin="round"
        vectorEffect="non-scaling-stroke"
      />
    </>
  )
})

/** A ZIP's share of a market: about 10 base pixels (a few km), never under 5 screen pixels. */
const COVERAGE_RADIUS = { r: 'max(5px, calc(10px * var(--k)))' } as CSSProperties

const Coverage = memo(function Coverage({ markets }: { markets: MarketCoverage[] }) {
  return (
    <g aria-hidden className="opacity-35 dark:opacity-45">
      {markets.map((market, index) => (
        <g key={market.market} className={marketFillClass(index)}>
          {market.zips.map((zip) => (
            <circle key={zip.zip} cx={0} cy={0} style={{ ...placeStyle(zip.lng, zip.lat), ...COVERAGE_RADIUS }} />
          ))}
        </g>
      ))}
    </g>
  )
})

const Heat = memo(function Heat({ places }: { places: ActivityPlace[] }) {
  const busiest = Math.max(0, ...places.map((place) => place.count))
  return (
    <g aria-hidden>
      {places.map((place) => {
        const spot = heatSpot(place.count, busiest)
        return (
          <circle
            key={place.key}
            r={spot.radius}
            fill="url(#map-heat-spot)"
            opacity={spot.strength}
            style={placeStyle(place.lng, place.lat)}
          />
        )
      })}
    </g>
  )
})
