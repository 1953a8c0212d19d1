import { useQuery } from '@tanstack/react-query'
import { geoMercator, geoPath } from 'd3-geo'
import { feature, mesh } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
// Fetched as files (not bundled): the states when the map opens, the counties only once zoomed in.
import countiesUrl from 'us-atlas/counties-10m.json?url'
import statesUrl from 'us-atlas/states-10m.json?url'
import { WORLD_SIZE } from '../../../domain/map/web-mercator'

/** At this zoom and closer the county lines are drawn (and their file fetched). */
export const COUNTY_ZOOM = 6

type UsTopology = Topology<{ states: GeometryCollection; nation: GeometryCollection; counties?: GeometryCollection }>

/** Paths in the base space (web-mercator pixels at BASE_ZOOM), one decimal: a tenth of a pixel there. */
const basePath = () =>
  geoPath(
    geoMercator()
      .scale(WORLD_SIZE / (2 * Math.PI))
      .translate([WORLD_SIZE / 2, WORLD_SIZE / 2]),
  ).digits(1)

async function fetchTopology(url: string) {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`The map outlines did not load (${response.status}).`)
  return (await response.json()) as UsTopology
}

/** The land (for its fill and coast) and the lines between states. */
async function loadStates() {
  const topology = await fetchTopology(statesUrl)
  const path = basePath()
  return {
    land: path(feature(topology, topology.objects.nation)) ?? '',
    borders: path(mesh(topology, topology.objects.states, (a, b) => a !== b)) ?? '',
  }
}

/** The lines between counties of a state (state lines are drawn already). */
async function loadCounties() {
  const topology = await fetchTopology(countiesUrl)
  const counties = topology.objects.counties as GeometryCollection
  const stateOf = (id: string | number | undefined) => String(id ?? '').slice(0, 2)
  return basePath()(mesh(topology, counties, (a, b) => a !== b && stateOf(a.id) === stateOf(b.id))) ?? ''
}

/** The map's outlines; never stale (they ship with the build), and not under ['map'] so no refresh reads them again. */
export function useAtlas(showCounties: boolean) {
  const states = useQuery({
    queryKey: ['map-atlas', 'states'],
    queryFn: loadStates,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  })
  const counties = useQuery({
    queryKey: ['map-atlas', 'counties'],
    queryFn: loadCounties,
    enabled: showCounties,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  })
  return { states: states.data, statesError: states.error, counties: showCounties ? counties.data : undefined }
}
