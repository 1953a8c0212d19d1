import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../db/schema'

export type AuditEntry = {
  action: string
  companyId?: string | null
  actorUserId?: string | null
  target?: string | null
  detail?: Record<string, unknown>
  ip?: string | null
  /** The case the entry is about ('order:<id>' or 'rdn:<id>'), so the log is searched by case. */
  caseKey?: string | null
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
        case_key: entry.caseKey ?? null,
      })),
    )
    .execute()
}

/**
 * Appends an entry unless one with the same key was written (one statement; a repeat is a no-op):
 * what is worth recording once, like a person opening a case on a day.
 */
export async function recordAuditOnce(
  db: Kysely<DB> | Transaction<DB>,
  entry: AuditEntry,
  onceKey: string,
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      action: entry.action,
      company_id: entry.companyId ?? null,
      actor_user_id: entry.actorUserId ?? null,
      target: entry.target ?? null,
      detail: JSON.stringify(entry.detail ?? {}),
      ip: entry.ip ?? null,
      case_key: entry.caseKey ?? null,
      once_key: onceKey,
    })
    .onConflict((conflict) => conflict.column('once_key').doNothing())
    .execute()
}

/**
 * Records that a person opened a case's detail (an order or an RDN case): once per person, case
 * and UTC day, one insert that does nothing on a repeat, so the detail stays as fast.
 */
export async function recordCaseOpened(
  db: Kysely<DB>,
  viewer: { companyId: string; userId: string },
  caseKey: string,
  ip: string | null,
): Promise<void> {
  const day = new Date().toISOString().slice(0, 10)
  await recordAuditOnce(
    db,
    { action: 'case.opened', companyId: viewer.companyId, actorUserId: viewer.userId, target: caseKey, caseKey, ip },
    `case.opened:${viewer.userId}:${caseKey}:${day}`,
  )
}
