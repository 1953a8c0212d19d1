import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'

/** The kept geocodes of some addresses (by normalised text). */
export function findAddressPlaces(db: Kysely<DB>, companyId: string, keys: readonly string[]) {
  if (keys.length === 0) return Promise.resolve([])
  return db
    .selectFrom('address_places')
    .select(['address_key', 'found', 'latitude', 'longitude'])
    .where('company_id', '=', companyId)
    .where('address_key', 'in', [...new Set(keys)])
    .execute()
}

/** Keeps what the geocoder answered for an address: where it is, or that it found nothing. */
export async function saveAddressPlace(
  db: Kysely<DB>,
  place: { companyId: string; key: string; at: { lat: number; lng: number } | null },
) {
  const values = {
    found: place.at !== null,
    latitude: place.at?.lat ?? null,
    longitude: place.at?.lng ?? null,
    geocoded_at: new Date(),
  }
  await db
    .insertInto('address_places')
    .values({ company_id: place.companyId, address_key: place.key, ...values })
    .onConflict((conflict) => conflict.columns(['company_id', 'address_key']).doUpdateSet(values))
    .execute()
}
