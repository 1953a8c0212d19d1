import type { Kysely } from 'kysely'
import { hasFieldAccess } from '../../../domain/auth/roles'
import { matchedOnLabel, type ResolveCollision } from '../../../domain/collisions/collisions'
import type { AppDeps, Viewer } from '../../app-env'
import type { DB } from '../../db/schema'
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error'
import { viewerMarkets } from '../../queries/viewer-scope'
import { recordAudit } from '../../records/audit'
import { writeCaseEvent } from '../../records/case-event'
import { setChangeActor } from '../../records/change-actor'
import { type CollisionCase, findCaseCollisions, listOpenCollisions, lockCollision, markResolved } from './repository'

export const COLLISION_NOT_FOUND = 'Collision not found'
export const COLLISIONS_FORBIDDEN = 'Only administrators, managers and field managers see and resolve collisions.'
export const ALREADY_RESOLVED = 'This collision was already resolved.'

/** The list shows this many at most, newest first. */
const LIST_LIMIT = 500

/** The role check before the input is read. */
export function checkMaySeeCollisions(viewer: Viewer) {
  if (!hasFieldAccess(viewer.role)) throw forbidden(COLLISIONS_FORBIDDEN)
}

const caseTarget = (side: CollisionCase) =>
  side.kind === 'order' ? { orderId: side.id, rdnCaseId: null } : { orderId: null, rdnCaseId: side.id }
const caseKey = (side: CollisionCase) => `${side.kind}:${side.id}`

/** Open collisions (a field manager's: where either case is of their markets), each with both cases. */
export async function getOpenCollisions({ db }: AppDeps, viewer: Viewer) {
  checkMaySeeCollisions(viewer)
  const rows = await listOpenCollisions(db, viewer.companyId, await viewerMarkets(db, viewer), LIST_LIMIT)
  return rows.map((row) => ({
    id: row.id,
    matchedOn: row.matched_on,
    matchedOnLabel: matchedOnLabel(row.matched_on),
    matchKey: row.match_key,
    detectedAt: row.detected_at,
    source: row.source,
    cases: [row.first, row.second],
  }))
}

/**
 * Settles a collision: which of its cases stands and why (400 naming the field when the case is not
 * one of the two), once (409 after). Both cases' timelines and the audit log say so.
 */
export async function resolveCollision(
  { db }: AppDeps,
  viewer: Viewer,
  collisionId: string,
  input: ResolveCollision,
  ip: string | null,
) {
  checkMaySeeCollisions(viewer)
  const markets = await viewerMarkets(db, viewer)
  return db.transaction().execute(async (trx) => {
    await setChangeActor(trx, { profileId: viewer.profileId, source: 'person' })
    const collision = await lockCollision(trx, viewer.companyId, collisionId)
    const sides = collision ? [collision.first, collision.second] : []
    if (!collision || (markets !== null && !sides.some((side) => side.market && markets.includes(side.market)))) {
      throw notFound(COLLISION_NOT_FOUND)
    }
    if (collision.resolved_at) throw new AppError('conflict', ALREADY_RESOLVED)
    const standing = sides.find((side) => side.id === input.standingCaseId)
    if (!standing) throw badRequest('Standing case must be one of the collision’s two cases.', 'standingCaseId')
    const resolved = await markResolved(trx, collision.id, {
      standing,
      profileId: viewer.profileId,
      reason: input.reason,
    })
    for (const side of sides) {
      const other = sides.find((candidate) => candidate !== side) as CollisionCase
      const text = `Collision with ${other.label} resolved: ${standing.label} stands. Reason: ${input.reason}`
      await writeCaseEvent(trx, viewer.companyId, caseTarget(side), 'collision', text, viewer.profileId)
    }
    await recordAudit(trx, {
      action: 'collision.resolved',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `collision:${collision.id}`,
      caseKey: caseKey(standing),
      detail: {
        cases: sides.map(caseKey),
        standing: caseKey(standing),
        reason: input.reason,
        impersonatedBy: viewer.impersonatorUserId ?? undefined,
      },
      ip,
    })
    return {
      id: resolved.id,
      resolvedAt: resolved.resolved_at,
      standing: { label: standing.label, href: standing.href },
    }
  })
}

/** What a case page shows of its open collisions: the other case (label, link) and what matched. */
export async function caseCollisions(db: Kysely<DB>, companyId: string, caseId: string) {
  const rows = await findCaseCollisions(db, companyId, caseId)
  return rows.map((row) => ({
    id: row.id,
    otherCase: { label: row.other.label, href: row.other.href },
    matchedOn: row.matched_on,
  }))
}
