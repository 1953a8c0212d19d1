import type { Kysely } from 'kysely'
import type { Role } from '../../../domain/auth'
import type { AppDeps, Viewer } from '../../app-env'
import type { DB } from '../../db/schema'
import { notFound } from '../../http/app-error'
import type { FieldCase } from '../../queries/field-stop'
import { findHold, listOpenHolds, listReceipts, stampCaseOpened, stampDelivered } from './receipts-repository'

/** Who sees whether a hold reached everyone: the office (issue 44 item 3). */
export const HOLD_RECEIPT_ROLES: readonly Role[] = ['admin', 'manager', 'field_manager']

export const HOLD_NOT_FOUND = 'Hold not found.'
const OPEN_HOLDS_SHOWN = 200

/**
 * A hold notice was written to the person's open event stream (or the stream opened, and the
 * screen loads its notifications): their pending receipts are delivered. The server stamps it when
 * the write to the open connection succeeded, not a client's say-so, which a closed tab never sends.
 */
export function markHoldNoticesDelivered(db: Kysely<DB>, profileId: string) {
  return stampDelivered(db, profileId)
}

/** The person opened a case: the holds on it they were told of are read. */
export function markCaseHoldsRead(db: Kysely<DB>, viewer: Viewer, target: FieldCase) {
  return stampCaseOpened(db, viewer.companyId, viewer.profileId, target)
}

/** The holds in place, each with how many were told, reached and have read it (not seen = told - read). */
export async function getOpenHolds({ db }: AppDeps, viewer: Viewer) {
  const holds = await listOpenHolds(db, viewer.companyId, OPEN_HOLDS_SHOWN)
  return {
    holds: holds.map((hold) => ({ ...hold, notSeen: hold.told - hold.read, notDelivered: hold.told - hold.delivered })),
  }
}

/** One hold: who was told, when it reached their screen and when they read it, and who has not yet seen it. */
export async function getHoldReceipts({ db }: AppDeps, viewer: Viewer, holdId: string) {
  const hold = await findHold(db, viewer.companyId, holdId)
  if (!hold) throw notFound(HOLD_NOT_FOUND)
  const receipts = await listReceipts(db, viewer.companyId, holdId)
  return { hold, receipts, notSeen: receipts.filter((receipt) => !receipt.readAt).map((receipt) => receipt.name) }
}
