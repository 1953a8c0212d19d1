import { addressKey } from '../../../domain/geo/address-key'
import type { AppDeps } from '../../app-env'
import { createHttpGeocoder } from '../../integrations/geocoding/http-geocoder'
import { findAddressPlaces, saveAddressPlace } from './places-repository'

// Street-level placing (issue 19): with GEOCODER_URL set, the map's pins are placed at their
// street address once it has been geocoded. The addresses of the pins a person looks at are
// geocoded in the background, one at a time (a public Nominatim allows one request a second), and
// kept (migration 031); until then, and without a geocoder, a pin stays at its ZIP's centre.

/** Between two geocoder calls. */
const CALL_INTERVAL_MS = 1_000
/** Addresses waiting at most; a busier map waits for the next look. */
const MAX_WAITING = 2_000

type Waiting = { companyId: string; key: string; address: string }
type Queue = { waiting: Map<string, Waiting>; asking: Set<string>; running: Promise<void> | null }

/** One queue per database (a server has one; each test app its own). */
const queues = new WeakMap<AppDeps['db'], Queue>()

function queueOf(deps: AppDeps) {
  let queue = queues.get(deps.db)
  if (!queue) {
    queue = { waiting: new Map(), asking: new Set(), running: null }
    queues.set(deps.db, queue)
  }
  return queue
}

async function drain(deps: AppDeps, queue: Queue, geocoderUrl: string) {
  const geocoder = createHttpGeocoder(geocoderUrl, `RecoveryDesk (${deps.config.baseUrl})`)
  for (let next = queue.waiting.values().next(); !next.done; next = queue.waiting.values().next()) {
    const item = next.value
    const id = `${item.companyId}:${item.key}`
    queue.waiting.delete(id)
    queue.asking.add(id)
    try {
      const place = await geocoder.forward(item.address)
      const found = place && Number.isFinite(place.latitude) && Number.isFinite(place.longitude)
      const at = found ? { lat: place.latitude, lng: place.longitude } : null
      await saveAddressPlace(deps.db, { companyId: item.companyId, key: item.key, at })
    } catch (error) {
      // Not kept: a later look asks again. The geocoder is likely down, so the rest wait for that
      // look rather than each timing out now. The address is personal data: not logged.
      deps.logger.warn({ err: error, waiting: queue.waiting.size }, 'Street geocoding failed; pins stay at ZIP centres')
      queue.waiting.clear()
    } finally {
      queue.asking.delete(id)
    }
    if (queue.waiting.size > 0) await new Promise((resolve) => setTimeout(resolve, CALL_INTERVAL_MS))
  }
}

/**
 * The street-level places already known for some addresses (full one-line addresses with their
 * ZIP), keyed by the address as given; the unknown ones are queued for the geocoder. Empty without
 * GEOCODER_URL.
 */
export async function streetPlaces(deps: AppDeps, companyId: string, addresses: readonly string[]) {
  const placed = new Map<string, { lat: number; lng: number }>()
  const geocoderUrl = deps.config.geocoderUrl
  if (!geocoderUrl || addresses.length === 0) return placed
  const keyOf = new Map(addresses.map((address) => [address, addressKey(address)]))
  const kept = new Map(
    (await findAddressPlaces(deps.db, companyId, [...keyOf.values()])).map((row) => [row.address_key, row]),
  )
  const queue = queueOf(deps)
  for (const [address, key] of keyOf) {
    const row = kept.get(key)
    if (row?.found && row.latitude !== null && row.longitude !== null)
      placed.set(address, { lat: row.latitude, lng: row.longitude })
    else if (!row && queue.waiting.size < MAX_WAITING && !queue.asking.has(`${companyId}:${key}`))
      queue.waiting.set(`${companyId}:${key}`, { companyId, key, address })
  }
  if (queue.waiting.size > 0 && !queue.running) {
    queue.running = drain(deps, queue, geocoderUrl).finally(() => {
      queue.running = null
    })
  }
  return placed
}

/** Resolves once the queue of this database is empty (tests wait on it). */
export async function streetPlacesSettled(deps: Pick<AppDeps, 'db'>) {
  while (queues.get(deps.db)?.running) await queues.get(deps.db)?.running
}
