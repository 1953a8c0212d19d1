import { useEffect, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { MAP_WINDOWS, type MapWindow } from '../../../domain/map/map-query'

/** The map's filters as the server's query takes them (status comma-separated). */
export type MapFilters = {
  status?: string
  market?: string
  agent?: string
  client?: string
  window?: MapWindow
  from?: string
  to?: string
  spotted?: 'yes' | 'no'
}

export const MAP_LAYERS = ['cases', 'lots', 'coverage', 'recoveries', 'finds', 'heat'] as const
export type MapLayer = (typeof MAP_LAYERS)[number]

export const LAYER_LABELS: Record<MapLayer, string> = {
  cases: 'Cases',
  lots: 'Storage lots',
  coverage: 'Market coverage',
  recoveries: 'Recent recoveries',
  finds: 'Camera finds',
  heat: 'Heat map',
}

const FILTER_NAMES = ['status', 'market', 'agent', 'client', 'window', 'from', 'to', 'spotted'] as const

/** The layers on when the URL names none: the cases alone. */
const DEFAULT_LAYERS: MapLayer[] = ['cases']

/** The layers a URL names ('none' for none): the cases alone when it names none. */
function parseLayers(named: string | null): Set<MapLayer> {
  if (named === null) return new Set(DEFAULT_LAYERS)
  return new Set(
    named.split(',').filter((layer): layer is MapLayer => (MAP_LAYERS as readonly string[]).includes(layer)),
  )
}

/**
 * The map's filters and layers, kept in the URL's search params (a link shows the same map); a
 * change replaces the history entry. Unknown values are passed on: the server's 400 says why.
 */
export function useMapParams() {
  const [params, setParams] = useSearchParams()
  const filters = useMemo(() => {
    const picked: Record<string, string> = {}
    for (const name of FILTER_NAMES) {
      const value = params.get(name)
      if (value) picked[name] = value
    }
    if (picked.window === 'all') delete picked.window
    // From and to belong to a custom window only.
    if (picked.window !== 'custom') {
      delete picked.from
      delete picked.to
    }
    return picked as MapFilters
  }, [params])
  // Held here as well as in the URL: a box shows its tick at once, not after the navigation.
  const named = params.get('layers')
  const [layers, setLayers] = useState(() => parseLayers(named))
  useEffect(() => setLayers(parseLayers(named)), [named])

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params)
    for (const [name, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(name)
      else next.set(name, value)
    }
    setParams(next, { replace: true })
  }
  const setLayer = (layer: MapLayer, on: boolean) => {
    const next = new Set(layers)
    if (on) next.add(layer)
    else next.delete(layer)
    setLayers(next)
    const list = MAP_LAYERS.filter((name) => next.has(name))
    const isDefault = list.length === DEFAULT_LAYERS.length && list.every((name) => DEFAULT_LAYERS.includes(name))
    update({ layers: isDefault ? null : list.join(',') || 'none' })
  }
  // What the server is asked: a custom window only once both its days are chosen (until then, all).
  const query = useMemo(() => {
    if (filters.window !== 'custom' || (filters.from && filters.to)) return filters
    const { window: _window, from: _from, to: _to, ...rest } = filters
    return rest
  }, [filters])
  return { filters, query, layers, update, setLayer }
}

export const WINDOW_LABELS: Record<MapWindow, string> = {
  all: 'All',
  '24h': '24 h',
  '7d': '7 d',
  '30d': '30 d',
  custom: 'Custom',
}

export const WINDOW_CHOICES = MAP_WINDOWS
