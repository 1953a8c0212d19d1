import { parseCoordinateText } from '../../../domain/geo/coordinates'
import { parseZipList } from '../../../domain/markets/zip-list'
import type { AppDeps, Viewer } from '../../app-env'
import { badRequest, notFound } from '../../http/app-error'
import { recordAudit } from '../../records/audit'
import { redetectCaseMarkets } from '../cases/sync'

/** Every market of the company (from its ZIP codes and lots), with both, by name. */
export async function listMarkets({ db }: AppDeps, viewer: Viewer) {
  const [zips, lots] = await Promise.all([
    db
      .selectFrom('market_zip_codes')
      .select(['id', 'zip_code', 'market', 'active'])
      .where('company_id', '=', viewer.companyId)
      .orderBy('zip_code')
      .execute(),
    db
      .selectFrom('market_lots')
      .select(['id', 'market', 'name', 'address', 'latitude', 'longitude', 'active'])
      .where('company_id', '=', viewer.companyId)
      .orderBy('name')
      .execute(),
  ])
  const names = [...new Set([...zips.map((zip) => zip.market), ...lots.map((lot) => lot.market)])].sort()
  return names.map((name) => ({
    name,
    zips: zips.filter((zip) => zip.market === name),
    lots: lots.filter((lot) => lot.market === name),
  }))
}

/**
 * Adds pasted ZIP codes to a market. A ZIP belongs to one market: one already elsewhere is
 * reported, not moved. The cases with an added ZIP are re-detected at once.
 */
export async function addZips({ db }: AppDeps, viewer: Viewer, input: { market: string; zips: string }, ip: string) {
  const { zips, invalid } = parseZipList(input.zips)
  if (zips.length === 0)
    throw badRequest(invalid.length ? `Not 5-digit ZIP codes: ${invalid.join(', ')}` : 'Enter ZIP codes.', 'zips')
  const existing = await db
    .selectFrom('market_zip_codes')
    .select(['zip_code', 'market'])
    .where('company_id', '=', viewer.companyId)
    .where('zip_code', 'in', zips)
    .execute()
  const taken = new Map(existing.map((row) => [row.zip_code, row.market]))
  const added = zips.filter((zip) => !taken.has(zip))
  if (added.length) {
    await db
      .insertInto('market_zip_codes')
      .values(added.map((zip) => ({ company_id: viewer.companyId, zip_code: zip, market: input.market })))
      .onConflict((conflict) => conflict.columns(['company_id', 'zip_code']).doNothing())
      .execute()
    await redetectCaseMarkets(db, viewer.companyId, added)
    await recordAudit(db, {
      action: 'market.zips_added',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `market:${input.market}`,
      detail: { zips: added },
      ip,
    })
  }
  return {
    added,
    alreadyHere: zips.filter((zip) => taken.get(zip) === input.market),
    inOtherMarkets: zips
      .filter((zip) => taken.has(zip) && taken.get(zip) !== input.market)
      .map((zip) => ({ zip, market: taken.get(zip) as string })),
    invalid,
  }
}

export async function setZipActive({ db }: AppDeps, viewer: Viewer, zipId: string, active: boolean, ip: string) {
  const zip = await db
    .updateTable('market_zip_codes')
    .set({ active })
    .where('company_id', '=', viewer.companyId)
    .where('id', '=', zipId)
    .returning(['zip_code', 'market'])
    .executeTakeFirst()
  if (!zip) throw notFound('No such ZIP code.')
  await redetectCaseMarkets(db, viewer.companyId, [zip.zip_code])
  await recordAudit(db, {
    action: active ? 'market.zip_activated' : 'market.zip_deactivated',
    companyId: viewer.companyId,
    actorUserId: viewer.userId,
    target: `market:${zip.market}`,
    detail: { zip: zip.zip_code },
    ip,
  })
  return { zip_code: zip.zip_code, active }
}

export async function removeZip({ db }: AppDeps, viewer: Viewer, zipId: string, ip: string) {
  const zip = await db
    .deleteFrom('market_zip_codes')
    .where('company_id', '=', viewer.companyId)
    .where('id', '=', zipId)
    .returning(['zip_code', 'market'])
    .executeTakeFirst()
  if (!zip) throw notFound('No such ZIP code.')
  await redetectCaseMarkets(db, viewer.companyId, [zip.zip_code])
  await recordAudit(db, {
    action: 'market.zip_removed',
    companyId: viewer.companyId,
    actorUserId: viewer.userId,
    target: `market:${zip.market}`,
    detail: { zip: zip.zip_code },
    ip,
  })
  return { removed: zip.zip_code }
}

/** A storage lot; its coordinates in any of SPEC.md section 5's three forms, range-checked. */
export async function addLot(
  { db }: AppDeps,
  viewer: Viewer,
  input: { market: string; name: string; address: string | null; coordinates: string },
  ip: string,
) {
  const parsed = parseCoordinateText(input.coordinates)
  if (!parsed.ok) throw badRequest(parsed.reason, 'coordinates')
  const lot = await db
    .insertInto('market_lots')
    .values({
      company_id: viewer.companyId,
      market: input.market,
      name: input.name,
      address: input.address,
      latitude: parsed.value.lat,
      longitude: parsed.value.lng,
    })
    .returning(['id', 'latitude', 'longitude'])
    .executeTakeFirstOrThrow()
  await recordAudit(db, {
    action: 'market.lot_added',
    companyId: viewer.companyId,
    actorUserId: viewer.userId,
    target: `lot:${lot.id}`,
    ip,
  })
  return lot
}

export async function setLotActive({ db }: AppDeps, viewer: Viewer, lotId: string, active: boolean, ip: string) {
  const lot = await db
    .updateTable('market_lots')
    .set({ active })
    .where('company_id', '=', viewer.companyId)
    .where('id', '=', lotId)
    .returning('id')
    .executeTakeFirst()
  if (!lot) throw notFound('No such lot.')
  await recordAudit(db, {
    action: active ? 'market.lot_activated' : 'market.lot_deactivated',
    companyId: viewer.companyId,
    actorUserId: viewer.userId,
    target: `lot:${lot.id}`,
    ip,
  })
  return { id: lot.id, active }
}
