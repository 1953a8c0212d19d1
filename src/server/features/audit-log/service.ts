import { AUDIT_LOG_PAGE_SIZE, type AuditLogQuery } from '../../../domain/audit/audit-log-query'
import type { AppDeps, Viewer } from '../../app-env'
import { notFound } from '../../lib/app-error'
import { caseKeyOf, listAuditEntries, userOfProfile } from './repository'

/** A page of the company's audit log, of one case and/or one person (an unknown one: not found). */
export async function auditLog({ db }: AppDeps, viewer: Viewer, query: AuditLogQuery) {
  const target = query.orderId ? { orderId: query.orderId } : query.caseId ? { caseId: query.caseId } : null
  const caseKey = target ? await caseKeyOf(db, viewer.companyId, target) : null
  if (target && !caseKey) throw notFound('The requested case could not be found.')
  const userId = query.profileId ? await userOfProfile(db, viewer.companyId, query.profileId) : null
  if (query.profileId && !userId) throw notFound('No such person.')
  const rows = await listAuditEntries(db, viewer.companyId, {
    caseKey,
    userId,
    limit: AUDIT_LOG_PAGE_SIZE + 1,
    offset: (query.page - 1) * AUDIT_LOG_PAGE_SIZE,
  })
  return {
    entries: rows.slice(0, AUDIT_LOG_PAGE_SIZE).map((row) => ({
      id: Number(row.id),
      action: row.action,
      target: row.target,
      caseKey: row.case_key,
      detail: row.detail,
      ip: row.ip,
      createdAt: row.created_at.toISOString(),
      actor: row.actor_user_id
        ? {
            profileId: row.profile_id,
            name: [row.first_name, row.last_name].filter(Boolean).join(' ') || row.email || row.actor_user_id,
          }
        : null,
    })),
    page: query.page,
    hasMore: rows.length > AUDIT_LOG_PAGE_SIZE,
  }
}
