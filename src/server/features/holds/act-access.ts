import type { Kysely } from 'kysely'
import { hasFieldAccess, hasManagementAccess } from '../../../domain/auth/roles'
import type { Viewer } from '../../app-env'
import type { DB } from '../../db/schema'
import { forbidden } from '../../http/app-error'
import { viewerMarkets, viewerRdnIds } from '../../queries/viewer-scope'
import type { ActCase, ActValues } from './repository'

// Who may record On-Hook and Yield (issue 44), and how a recorded act's evidence reads on the timeline.

export const ON_HOOK_FORBIDDEN =
  'Only the assigned recovery agent, field managers, managers and administrators may record an On-Hook or a Yield.'

/** The role check before any input is read: only these roles may ever record one. */
export function checkMayRecordActs(viewer: Viewer) {
  if (!hasFieldAccess(viewer.role) && viewer.role !== 'recovery_agent') throw forbidden(ON_HOOK_FORBIDDEN)
}

/**
 * Whether the viewer may record field acts on the case: management, a field manager of its market,
 * its agent. Read on `db`, the caller's transaction when it has one (PGlite's one connection is the
 * transaction's: a read beside it waits for ever).
 */
export async function mayRecordOn(db: Kysely<DB>, viewer: Viewer, found: ActCase) {
  if (hasManagementAccess(viewer.role)) return true
  if (viewer.role === 'field_manager') {
    const markets = await viewerMarkets(db, viewer)
    return markets === null || (found.market !== null && markets.includes(found.market))
  }
  if (viewer.role !== 'recovery_agent') return false
  if (found.agentProfileId) return found.agentProfileId === viewer.profileId
  return found.rdnAgentId !== null && (await viewerRdnIds(db, viewer)).includes(found.rdnAgentId)
}

/** ' with GPS ±12 m and a photo', for the timeline ('' with neither). */
export function evidenceText(act: Pick<ActValues, 'latitude' | 'accuracyM' | 'photoFileId'>) {
  const parts = []
  if (act.latitude !== undefined) {
    parts.push(act.accuracyM !== undefined ? `GPS ±${Math.round(act.accuracyM)} m` : 'GPS')
  }
  if (act.photoFileId) parts.push('a photo')
  return parts.length ? ` with ${parts.join(' and ')}` : ''
}
