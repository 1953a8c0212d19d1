import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../db/schema'

export type AuditEntry = {
  action: string
  companyId?: string | null
  actorUserId?: string | null
  target?: string | null
  detail?: Record<string, unknown>
  ip?: string | null
}

/** Appends who did what, when (UTC, by the database) and from where. Never pass a password or token. */
export async function recordAudit(db: Kysely<DB> | Transaction<DB>, entry: AuditEntry): Promise<void> {
  await recordAudits(db, [entry])
}

/** Appends many entries in one statement (a bulk change: one entry per thing changed). */
export async function recordAudits(db: Kysely<DB> | Transaction<DB>, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return
  await db
    .insertInto('audit_log')
    .values(
      entries.map((entry) => ({
        action: entry.action,
        company_id: entry.companyId ?? null,
        actor_user_id: entry.actorUserId ?? null,
        target: entry.target ?? null,
        detail: JSON.stringify(entry.detail ?? {}),
        ip: entry.ip ?? null,
      })),
    )
    .execute()
}
