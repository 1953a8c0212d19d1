import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectDatabase } from '../db/connect'
import { migrateToLatest, migrateUpTo } from '../db/migrate'
import { createTestApp, type TestApp } from '../test/harness'
import { createTestDatabase } from '../test/test-database'
import { resetTokenIdentifier } from './reset-tokens'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

async function linkToken(email: string) {
  const mail = await t.db
    .selectFrom('outbox')
    .select('text_body')
    .where('to_address', '=', email)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow()
  const token = new URL(mail.text_body.match(/http\S+/)?.[0] ?? '').searchParams.get('token')
  if (!token) throw new Error('no token in the mail')
  return token
}

describe('reset and invitation links are stored only hashed', () => {
  it('keeps a reset link as a SHA-256 of its token, and the link still works once', async () => {
    const agent = await t.createUser('recovery_agent')
    const requested = await t.request('POST', '/api/auth/request-password-reset', {
      body: { email: agent.email, redirectTo: '/reset-password' },
    })
    expect(requested.status).toBe(200)
    const token = await linkToken(agent.email)
    const rows = await t.db.selectFrom('auth_verification').select(['identifier', 'value']).execute()
    expect(JSON.stringify(rows)).not.toContain(token)
    expect(rows).toContainEqual({ identifier: resetTokenIdentifier(token), value: agent.userId })
    expect(resetTokenIdentifier(token)).toMatch(/^reset-password:sha256:[0-9a-f]{64}$/)

    const reset = await t.request('POST', '/api/account/password', { body: { token, newPassword: 'Hashed-link-ok-1' } })
    expect(reset.status).toBe(200)
    const again = await t.request('POST', '/api/account/password', { body: { token, newPassword: 'Hashed-link-ok-2' } })
    expect(again.status).toBe(400)
  })

  it('does not take a stored hash pasted back as a token (a database reader holds only those)', async () => {
    const agent = await t.createUser('recovery_agent')
    await t.request('POST', '/api/auth/request-password-reset', {
      body: { email: agent.email, redirectTo: '/reset-password' },
    })
    const stored = resetTokenIdentifier(await linkToken(agent.email)).replace(/^reset-password:/, '')
    const forged = await t.request('POST', '/api/account/password', {
      body: { token: stored, newPassword: 'Forged-link-try-1' },
    })
    expect(forged.status).toBe(400)
    expect(forged.json.error.field).toBe('token')
  })

  it('keeps an invitation link hashed too', async () => {
    const admin = await t.createUser('admin')
    const email = `invited-${Date.now()}@example.com`
    const created = await t.request('POST', '/api/users', {
      cookie: admin.cookie,
      body: { email, firstName: 'Ina', lastName: 'Invited', role: 'manager', delivery: 'email' },
    })
    expect(created.status).toBe(201)
    const token = await linkToken(email)
    const rows = await t.db.selectFrom('auth_verification').select('identifier').execute()
    expect(JSON.stringify(rows)).not.toContain(token)
    expect(rows).toContainEqual({ identifier: resetTokenIdentifier(token) })
    const set = await t.request('POST', '/api/account/password', { body: { token, newPassword: 'Invited-hashed-1' } })
    expect(set.status).toBe(200)
  })
})

describe('migration 017', () => {
  it('hashes the links pending in a running installation (they are looked up by the same hash)', async () => {
    const scratch = await createTestDatabase()
    const database = await connectDatabase(scratch.target)
    try {
      const { db } = database
      await migrateUpTo(db, '016-case-group-counts')
      const expiresAt = new Date(Date.now() + 3_600_000)
      await db
        .insertInto('auth_verification')
        .values([
          { id: 'v1', identifier: 'reset-password:OldPendingToken123', value: 'user-1', expiresAt },
          { id: 'v2', identifier: 'something-else:abc', value: 'x', expiresAt },
        ])
        .execute()
      await migrateToLatest(db)
      const rows = await db.selectFrom('auth_verification').select(['id', 'identifier']).orderBy('id').execute()
      expect(rows).toEqual([
        { id: 'v1', identifier: resetTokenIdentifier('OldPendingToken123') },
        { id: 'v2', identifier: 'something-else:abc' },
      ])
    } finally {
      await database.close()
      await scratch.drop()
    }
  })
})
