import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { InferResponseType } from 'hono/client'
import { activityWindow } from '../../../domain/map/map-marks'
import type { Bounds } from '../../../domain/map/map-view'
import { api, readJson } from '../../lib/api'
import type { MapFilters } from './map-params'

const map = api.api.map
export type MapCases = InferResponseType<typeof map.cases.$get, 200>
export type MapPin = MapCases['pins'][number]
export type MapCluster = MapCases['clusters'][number]
export type MapConfig = InferResponseType<typeof map.config.$get, 200>
export type MapFilterChoices = InferResponseType<typeof map.filters.$get, 200>
export type MapLot = InferResponseType<typeof map.lots.$get, 200>['lots'][number]
export type MarketCoverage = InferResponseType<typeof map.coverage.$get, 200>['markets'][number]
export type MapActivity = InferResponseType<typeof map.activity.$get, 200>
export type MapSelection = InferResponseType<typeof map.selection.$get, 200>

/** Every map query starts with 'map': an assignment (ASSIGNMENT_KEYS) and a live change read them again. */
const key = ['map'] as const

/** A view as the server takes it: the whole zoom and the bounds. */
export type MapView = Bounds & { zoom: number }

const viewQuery = (view: MapView) => ({
  zoom: String(view.zoom),
  west: String(view.west),
  south: String(view.south),
  east: String(view.east),
  north: String(view.north),
})

/** The settings rarely change: street tiles and the geocoder. */
export function useMapConfig() {
  return useQuery({
    queryKey: [...key, 'config'],
    queryFn: async () => readJson<MapConfig>(await map.config.$get({ query: {} })),
    staleTime: Number.POSITIVE_INFINITY,
  })
}

export function useMapFilterChoices() {
  return useQuery({
    queryKey: [...key, 'filters'],
    queryFn: async () => readJson<MapFilterChoices>(await map.filters.$get({ query: {} })),
    staleTime: 5 * 60_000,
  })
}

/** The cases of the view: the last answer stays on screen while the next one loads. */
export function useMapCases(view: MapView | null, filters: MapFilters, enabled: boolean) {
  return useQuery({
    queryKey: [...key, 'cases', view, filters],
    enabled: enabled && view !== null,
    queryFn: async () =>
      readJson<MapCases>(await map.cases.$get({ query: { ...viewQuery(view as MapView), ...filters } })),
    placeholderData: keepPreviousData,
    retry: false,
  })
}

export function useMapLots(enabled: boolean) {
  return useQuery({
    queryKey: [...key, 'lots'],
    enabled,
    queryFn: async () => (await readJson<{ lots: MapLot[] }>(await map.lots.$get({ query: {} }))).lots,
  })
}

export function useMapCoverage(enabled: boolean) {
  return useQuery({
    queryKey: [...key, 'coverage'],
    enabled,
    queryFn: async () =>
      (await readJson<{ markets: MarketCoverage[] }>(await map.coverage.$get({ query: {} }))).markets,
  })
}

/** Recent recoveries or camera finds over the filters' window (30 days for 'All'), by place. */
export function useMapActivity(kind: 'recoveries' | 'finds', zoom: number, filters: MapFilters, enabled: boolean) {
  const window = activityWindow(filters.window ?? 'all')
  const query = {
    kind,
    window,
    zoom: String(zoom),
    market: filters.market,
    client: filters.client,
    agent: filters.agent,
    ...(window === 'custom' ? { from: filters.from, to: filters.to } : {}),
  }
  return useQuery({
    queryKey: [...key, 'activity', query],
    enabled,
    queryFn: async () => readJson<MapActivity>(await map.activity.$get({ query })),
    placeholderData: keepPreviousData,
    retry: false,
  })
}

/** The cases of a drawn area under the filters (at most 1,000: more is the server's 400). */
export function useMapSelection(area: Bounds | null, zoom: number, filters: MapFilters) {
  return useQuery({
    queryKey: [...key, 'selection', area, filters],
    enabled: area !== null,
    queryFn: async () =>
      readJson<MapSelection>(
        await map.selection.$get({ query: { ...viewQuery({ ...(area as Bounds), zoom }), ...filters } }),
      ),
    retry: false,
  })
}
