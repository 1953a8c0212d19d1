import { profileMarkets } from '../../../domain/dashboards/markets'
import { displayName } from '../../../domain/profiles/display'
import type { AppDeps, Viewer } from '../../app-env'
import { fiveDigitZipCentre } from '../../integrations/geocoding/offline-zip-geocoder'
import { viewerMarkets } from '../../queries/viewer-scope'
import {
  activeClients,
  activeLots,
  activeMarketNames,
  activeRecoveryAgents,
  activeZipCodes,
  findPerson,
} from './layers-repository'

/** What the map page needs to know of the server: street tiles to draw under it, and whether addresses are placed by street. */
export function mapConfig({ config }: AppDeps) {
  return { tilesUrl: config.mapTilesUrl ?? null, streetGeocoder: Boolean(config.geocoderUrl) }
}

/**
 * The markets whose lots, coverage and filter choices a person sees on the map: every market for
 * an administrator or manager (null), else their profile's (a field manager's or an agent's).
 */
export async function mapMarkets({ db }: AppDeps, viewer: Viewer): Promise<string[] | null> {
  return viewer.role === 'admin' || viewer.role === 'manager' ? null : viewerMarkets(db, viewer)
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name)

/**
 * The choices of the map's filter bar: the markets the viewer may see, the active recovery agents
 * of those markets (a recovery agent only themself), and the company's active clients.
 */
export async function mapFilters(deps: AppDeps, viewer: Viewer) {
  const { db } = deps
  const [mine, names, clients] = await Promise.all([
    mapMarkets(deps, viewer),
    activeMarketNames(db, viewer.companyId),
    activeClients(db, viewer.companyId),
  ])
  const markets = names.filter((market) => mine === null || mine.includes(market)).sort((a, b) => a.localeCompare(b))
  const people =
    viewer.role === 'recovery_agent'
      ? [await findPerson(db, viewer.companyId, viewer.profileId)].filter((person) => person !== undefined)
      : (await activeRecoveryAgents(db, viewer.companyId)).filter(
          (person) => mine === null || profileMarkets(person.market).some((market) => mine.includes(market)),
        )
  return {
    markets,
    agents: people.map((person) => ({ id: person.id, name: displayName(person) })).sort(byName),
    clients: clients.map((client) => ({ id: client.id, name: client.name })),
  }
}

/** The active storage lots of the viewer's markets, where they are. */
export async function mapLots(deps: AppDeps, viewer: Viewer) {
  const lots = await activeLots(deps.db, viewer.companyId, await mapMarkets(deps, viewer))
  return {
    lots: lots.map((lot) => ({
      id: lot.id,
      market: lot.market,
      name: lot.name,
      address: lot.address,
      lat: lot.latitude,
      lng: lot.longitude,
    })),
  }
}

/**
 * The ZIP codes each of the viewer's markets covers, at their centres (for the shaded coverage
 * layer); a ZIP the offline index does not know is left out and counted as unplaced.
 */
export async function mapCoverage(deps: AppDeps, viewer: Viewer) {
  const rows = await activeZipCodes(deps.db, viewer.companyId, await mapMarkets(deps, viewer))
  const markets = new Map<string, { zip: string; lat: number; lng: number }[]>()
  let unplaced = 0
  for (const row of rows) {
    const zips = markets.get(row.market) ?? []
    markets.set(row.market, zips)
    const centre = fiveDigitZipCentre(row.zip_code)
    if (centre) zips.push({ zip: row.zip_code, lat: centre.lat, lng: centre.lng })
    else unplaced += 1
  }
  return { markets: [...markets].map(([market, zips]) => ({ market, zips })), unplaced }
}
