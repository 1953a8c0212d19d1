import type { Kysely, Transaction } from 'kysely'
import { addressKey, geocodedAddressLine } from '../../domain/geo/address-key'
import type { CasePlace } from '../../domain/holds/evidence'
import type { DB } from '../db/schema'

// Where a case's addresses are, as far as the geocoder has placed them (migration 031): what field
// evidence (issue 44) is measured against ('0.1 mi from the home address').

type Db = Kysely<DB> | Transaction<DB>

export type CaseRow = { orderId: string } | { rdnCaseId: string }

const fiveDigitZip = (zip: string | null) => (zip && /^\s*\d{5}/.test(zip) ? zip.trim().slice(0, 5) : null)

/** The case's addresses by what they are ('home', 'work', ...), as lines the geocoder reads. */
async function findCaseAddresses(db: Db, companyId: string, target: CaseRow) {
  if ('orderId' in target) {
    const o = await db
      .selectFrom('orders')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('id', '=', target.orderId)
      .executeTakeFirst()
    if (!o) return []
    return [
      ['home', o.borrower_address, o.borrower_city, o.borrower_state, o.borrower_zip],
      ['work', o.borrower_work_address, o.borrower_work_city, o.borrower_work_state, o.borrower_work_zip],
      ['last known', o.last_known_address, o.last_known_city, o.last_known_state, o.last_known_zip],
      ['recovery', o.recovery_location, o.recovery_city, o.recovery_state, o.recovery_zip],
    ].flatMap(([label, street, city, state, zip]) => addressLine(label, street, city, state, zip))
  }
  const c = await db
    .selectFrom('rdn_cases')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', target.rdnCaseId)
    .executeTakeFirst()
  if (!c) return []
  return [
    ['home', c.debtor_address, c.debtor_city, c.debtor_state, c.debtor_zip],
    ['additional', c.additional_address, c.additional_city, c.additional_state, c.additional_zip],
    ['recovery', c.recovery_address, c.recovery_city, c.recovery_state, c.recovery_zip],
  ].flatMap(([label, street, city, state, zip]) => addressLine(label, street, city, state, zip))
}

function addressLine(...[label, street, city, state, zip]: (string | null)[]) {
  const line = geocodedAddressLine({ street, city, state, zip: fiveDigitZip(zip) })
  return line && label ? [{ label, key: addressKey(line) }] : []
}

/** Where the geocoder placed these addresses (migration 031), those it found. */
function findPlacedAddresses(db: Db, companyId: string, keys: readonly string[]) {
  if (keys.length === 0) return Promise.resolve([])
  return db
    .selectFrom('address_places')
    .select(['address_key', 'latitude', 'longitude'])
    .where('company_id', '=', companyId)
    .where('found', '=', true)
    .where('address_key', 'in', [...new Set(keys)])
    .execute()
}

/** The case's addresses the geocoder has placed, by what they are ('home', 'work', ...). */
export async function placedCaseAddresses(db: Db, companyId: string, target: CaseRow): Promise<CasePlace[]> {
  const addresses = await findCaseAddresses(db, companyId, target)
  const found = new Map(
    (
      await findPlacedAddresses(
        db,
        companyId,
        addresses.map((address) => address.key),
      )
    ).map((row) => [row.address_key, row]),
  )
  return addresses.flatMap(({ label, key }) => {
    const place = found.get(key)
    return place?.latitude != null && place.longitude != null
      ? [{ label, lat: place.latitude, lng: place.longitude }]
      : []
  })
}
