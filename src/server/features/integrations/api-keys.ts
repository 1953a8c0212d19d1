import { createHash, randomBytes } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { AppDeps, AppEnv, Viewer } from '../../app-env'
import { markAccessChecked } from '../../auth/access-check'
import { forbidden, notFound, unauthorized } from '../../http/app-error'
import { recordAudit } from '../../records/audit'

export const API_KEYS_ADMIN_ONLY = 'Only an administrator can manage API keys.'
const KEY_PREFIX = 'rd_'

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex')

function assertAdmin(viewer: Viewer) {
  if (viewer.role !== 'admin') throw forbidden(API_KEYS_ADMIN_ONLY)
}

/** A new key for an integration: shown once, kept only as its SHA-256. */
export async function createApiKey({ db }: AppDeps, viewer: Viewer, name: string, ip: string) {
  assertAdmin(viewer)
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`
  const row = await db
    .insertInto('api_keys')
    .values({
      company_id: viewer.companyId,
      name,
      key_prefix: key.slice(0, 10),
      key_hash: hashKey(key),
      created_by: viewer.userId,
    })
    .returning(['id', 'name', 'key_prefix', 'created_at'])
    .executeTakeFirstOrThrow()
  await recordAudit(db, {
    action: 'api_key.created',
    companyId: viewer.companyId,
    actorUserId: viewer.userId,
    target: row.id,
    detail: { name },
    ip,
  })
  return { ...row, key }
}

export async function listApiKeys({ db }: AppDeps, viewer: Viewer) {
  assertAdmin(viewer)
  return db
    .selectFrom('api_keys')
    .select(['id', 'name', 'key_prefix', 'created_at', 'last_used_at', 'revoked_at'])
    .where('company_id', '=', viewer.companyId)
    .orderBy('created_at', 'desc')
    .execute()
}

export async function revokeApiKey({ db }: AppDeps, viewer: Viewer, id: string, ip: string) {
  assertAdmin(viewer)
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: new Date() })
    .where('id', '=', id)
    .where('company_id', '=', viewer.companyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) === 0) throw notFound('API key not found.')
  await recordAudit(db, {
    action: 'api_key.revoked',
    companyId: viewer.companyId,
    actorUserId: viewer.userId,
    target: id,
    ip,
  })
}

export type ApiKeyEnv = AppEnv & { Variables: { apiKeyCompanyId: string } }

/** Authenticates an integration by `Authorization: Bearer rd_...`; the key decides the company. */
export function requireApiKey({ db }: AppDeps): MiddlewareHandler<ApiKeyEnv> {
  return async (c, next) => {
    const key = c.req.header('authorization')?.match(/^Bearer\s+(rd_[A-Za-z0-9_-]{20,100})$/)?.[1]
    if (!key) throw unauthorized('Send an API key as "Authorization: Bearer rd_...".')
    const row = await db
      .updateTable('api_keys')
      .set({ last_used_at: new Date() })
      .where('key_hash', '=', hashKey(key))
      .where('revoked_at', 'is', null)
      .returning(['company_id'])
      .executeTakeFirst()
    if (!row) throw unauthorized('This API key is not valid or was revoked.')
    c.set('apiKeyCompanyId', row.company_id)
    markAccessChecked(c)
    await next()
  }
}
