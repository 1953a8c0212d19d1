import { AUDIT_LOG_PAGE_SIZE, type AuditLogQuery } from '../../../domain/audit/audit-log-query'
import type { AppDeps, Viewer } from '../../app-env'
import { notFound } from '../../http/app-error'
import { caseKeyOf, caseKeyOfNumber, caseNumbersOf, listAuditEntries, userOfProfile } from './repository'

/** A page of the company's audit log, of one case and/or one person (an unknown one: not found). */
export async function auditLog({ db }: AppDeps, viewer: Viewer, query: AuditLogQuery) {
  const target = query.orderId ? { orderId: query.orderId } : query.caseId ? { caseId: query.caseId } : null
  const caseKey = query.caseNumber
    ? await caseKeyOfNumber(db, viewer.companyId, query.caseNumber)
    : target
      ? await caseKeyOf(db, viewer.companyId, target)
      : null
  if ((target || query.caseNumber) && !caseKey) throw notFound('The requested case could not be found.')
  const userId = query.profileId ? await userOfProfile(db, viewer.companyId, query.profileId) : null
  if (query.profileId && !userId) throw notFound('No such person.')
  const rows = await listAuditEntries(db, viewer.companyId, {
    caseKey,
    userId,
    limit: AUDIT_LOG_PAGE_SIZE + 1,
    offset: (query.page - 1) * AUDIT_LOG_PAGE_SIZE,
  })
  const page = rows.slice(0, AUDIT_LOG_PAGE_SIZE)
  const caseKeys = page.map((row) => row.case_key).filter((key): key is string => Boolean(key))
  const caseNumbers = await caseNumbersOf(db, viewer.companyId, caseKeys)
  return {
    entries: page.map((row) => ({
      id: Number(row.id),
      action: row.action,
      target: row.target,
      caseKey: row.case_key,
      // What a person reads and types for the case: its order number or RDN case number.
      caseNumber: row.case_key ? (caseNumbers.get(row.case_key) ?? null) : null,
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
