import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'

let t: TestApp
let admin: Awaited<ReturnType<TestApp['createUser']>>
beforeAll(async () => {
  t = await createTestApp()
  admin = await t.createUser('admin')
  // A fault on demand: any insert into the named table for an e-mail starting 'fail-' is refused.
  await sql`create function inject_failure() returns trigger language plpgsql as $$
    begin
      if coalesce(new.email, new.to_address) like 'fail-%' then raise exception 'injected failure'; end if;
      return new;
    end $$`.execute(t.db)
})
afterAll(() => t?.close())
afterEach(async () => {
  await sql`drop trigger if exists inject_failure on profiles`.execute(t.db)
  await sql`drop trigger if exists inject_failure on outbox`.execute(t.db)
})

async function failInsertsInto(table: 'profiles' | 'outbox') {
  await sql`create trigger inject_failure before insert on ${sql.table(table)} for each row execute function inject_failure()`.execute(
    t.db,
  )
}

const body = (email: string, delivery = 'temporary_password') => ({
  email,
  firstName: 'Olga',
  lastName: 'Orphan',
  role: 'recovery_agent',
  delivery,
})

async function accountsOf(email: string) {
  return t.db.selectFrom('auth_user').select('id').where('email', '=', email).execute()
}

describe('creating an account is all or nothing', () => {
  it('leaves no account when the profile cannot be written, and the e-mail can be used again', async () => {
    const email = `fail-profile-${Date.now()}@example.com`
    await failInsertsInto('profiles')
    const failed = await t.request('POST', '/api/users', { cookie: admin.cookie, body: body(email) })
    expect(failed.status).toBe(500)
    expect(await accountsOf(email)).toHaveLength(0)
    expect(
      await t.db
        .selectFrom('auth_account')
        .leftJoin('auth_user', 'auth_user.id', 'auth_account.userId')
        .select('auth_account.id')
        .where('auth_user.id', 'is', null)
        .execute(),
    ).toHaveLength(0)
    expect(await t.db.selectFrom('audit_log').select('id').where('action', '=', 'user.created').execute()).toHaveLength(
      0,
    )

    await sql`drop trigger inject_failure on profiles`.execute(t.db)
    const retried = await t.request('POST', '/api/users', { cookie: admin.cookie, body: body(email) })
    expect(retried.status).toBe(201)
    expect(await accountsOf(email)).toHaveLength(1)
    const listed = await t.request('GET', `/api/users?search=${email}`, { cookie: admin.cookie })
    expect(listed.json.users.map((user: { email: string }) => user.email)).toEqual([email])
  })

  it('removes the new account again when its invitation cannot be written', async () => {
    const email = `fail-invite-${Date.now()}@example.com`
    await failInsertsInto('outbox')
    const failed = await t.request('POST', '/api/users', { cookie: admin.cookie, body: body(email, 'email') })
    expect(failed.status).toBe(500)
    expect(await accountsOf(email)).toHaveLength(0)
    expect(await t.db.selectFrom('profiles').select('id').where('email', '=', email).execute()).toHaveLength(0)

    await sql`drop trigger inject_failure on outbox`.execute(t.db)
    const retried = await t.request('POST', '/api/users', { cookie: admin.cookie, body: body(email, 'email') })
    expect(retried.status).toBe(201)
    expect(await t.db.selectFrom('outbox').select('id').where('to_address', '=', email).execute()).toHaveLength(1)
  })

  it('takes over an orphan account (no profile) left by an earlier interrupted creation', async () => {
    const email = `orphan-${Date.now()}@example.com`
    const orphanId = crypto.randomUUID()
    await t.db
      .insertInto('auth_user')
      .values({
        id: orphanId,
        name: email,
        email,
        emailVerified: true,
        image: null,
        role: 'user',
        banned: false,
        banReason: null,
        banExpires: null,
        mustChangePassword: true,
      })
      .execute()
    await t.db
      .insertInto('auth_account')
      .values({
        id: crypto.randomUUID(),
        accountId: orphanId,
        providerId: 'credential',
        userId: orphanId,
        password: 'x',
        updatedAt: new Date(),
      })
      .execute()

    const created = await t.request('POST', '/api/users', { cookie: admin.cookie, body: body(email) })
    expect(created.status).toBe(201)
    const accounts = await accountsOf(email)
    expect(accounts).toHaveLength(1)
    expect(accounts[0].id).not.toBe(orphanId)
    expect(await t.db.selectFrom('auth_account').select('id').where('userId', '=', orphanId).execute()).toHaveLength(0)
    const audit = await t.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'user.created')
      .where('target', '=', created.json.user.id)
      .executeTakeFirstOrThrow()
    expect(audit.detail).toMatchObject({ replacedOrphanAccount: orphanId })
    // An e-mail whose account has a profile stays taken.
    const again = await t.request('POST', '/api/users', { cookie: admin.cookie, body: body(email) })
    expect(again.status).toBe(409)
  })
})
