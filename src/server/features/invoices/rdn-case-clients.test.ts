import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rdnCaseClient } from '../../../domain/clients/rdn-case-client'
import { normalizeClientName } from '../../../domain/import/clients'
import { connectDatabase } from '../../db/connect'
import { migrateToLatest, migrateUpTo } from '../../db/migrate'
import { createTestApp, type TestApp } from '../../test/harness'
import { createTestDatabase } from '../../test/test-database'
import { syncRdnCases } from '../cases/sync'
import { draftQueuedInvoices } from './drafting'
import { daysAgo } from './invoice-test-helpers'
import { repriceQueuedDrafts } from './reprice-queue'

// Issue 41 item 2: an RDN case finds its client by one rule (lender, then lienholder, through client
// name matching), kept on the case; a rate card made after the drafts prices them again.

let t: TestApp
let manager: Awaited<ReturnType<TestApp['createUser']>>
beforeAll(async () => {
  t = await createTestApp()
  manager = await t.createUser('manager')
})
afterAll(() => t?.close())

const api = (method: string, path: string, body?: unknown) =>
  t.request(method, `/api/${path}`, { cookie: manager.cookie, body })
const newClient = async (name: string, lienholderName: string | null = null) => {
  const made = await api('POST', 'clients', { name, lienholderName })
  expect(made.status, JSON.stringify(made.json)).toBe(201)
  return (made.json.client?.id ?? made.json.id) as string
}
const clientOfCase = async (caseId: number) =>
  (
    await t.db
      .selectFrom('rdn_cases')
      .select('client_id')
      .where('company_id', '=', t.companyId)
      .where('case_id', '=', caseId)
      .executeTakeFirstOrThrow()
  ).client_id
/** The case's newest invoice once the background drafting ran. */
const draftOf = async (caseId: number) => {
  await draftQueuedInvoices(t.db, t.companyId)
  const found = await api('GET', `invoices/cases/rdn/${caseId}`)
  expect(found.status, JSON.stringify(found.json)).toBe(200)
  return found.json.invoices[0]
}

describe('the client of an RDN case (issue 41)', () => {
  it('normalizes names in the database exactly as client matching does', async () => {
    const names = [
      'Capital One Auto Finance, Inc.',
      'Westlake Financial - Hand Keyed',
      'Santander Consumer (Primary) - hand keyed',
      'Credit Acceptance Corp',
      'Exeter Finance, LLC',
      '  Acme  Auto   LP ',
      'GM Financial Ltd.',
      'Ally-Bank/Financial',
      'Incline Lending',
      '',
    ]
    const { rows } = await sql<{ name: string; key: string }>`
      select name, client_match_key(name) as key from unnest(${names}::text[]) as name`.execute(t.db)
    expect(rows.map((row) => row.key)).toEqual(names.map((name) => normalizeClientName(name)))
  })

  it("lands 'Capital One Auto Finance, Inc.' on client 'Capital One Auto Finance', by lienholder too, and follows new and renamed clients", async () => {
    const capitalOne = await newClient('Capital One Auto Finance', 'Capital One')
    await syncRdnCases(t.db, t.companyId, [
      { case_id: 4_100_001, lender_name: 'Capital One Auto Finance, Inc.', lienholder_name: 'Capital One' },
      { case_id: 4_100_002, lienholder_name: 'Capital One' },
      { case_id: 4_100_003, lender_name: 'Bright Lending LLC' },
    ])
    expect(await clientOfCase(4_100_001)).toBe(capitalOne)
    expect(await clientOfCase(4_100_002)).toBe(capitalOne)
    expect(await clientOfCase(4_100_003)).toBeNull()

    // A client created later finds its cases; renamed, it leaves them.
    const bright = await newClient('Bright Lending')
    expect(await clientOfCase(4_100_003)).toBe(bright)
    const renamed = await api('PATCH', `clients/${bright}`, { name: 'Dim Lending' })
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200)
    expect(await clientOfCase(4_100_003)).toBeNull()

    // A case's lender changed by the sync moves it.
    await syncRdnCases(t.db, t.companyId, [{ case_id: 4_100_003, lender_name: 'dim lending' }])
    expect(await clientOfCase(4_100_003)).toBe(bright)

    // The database agrees with the domain rule.
    const clients = await t.db
      .selectFrom('clients')
      .select(['id', 'name', 'lienholder_name', 'active'])
      .where('company_id', '=', t.companyId)
      .orderBy('created_at')
      .orderBy('id')
      .execute()
    expect(rdnCaseClient(clients, 'Capital One Auto Finance, Inc.', 'Capital One')?.id).toBe(capitalOne)
    expect(rdnCaseClient(clients, 'dim lending', null)?.id).toBe(bright)

    // The client list counts the cases of the rule.
    const listed = (await api('GET', 'clients')).json.clients.find((client: { id: string }) => client.id === capitalOne)
    expect(Number(listed.case_count)).toBe(2)
  })

  it('prices again, in the background, the drafts of a client given a rate card after they were drafted', async () => {
    const regional = await newClient('Regional Acceptance', 'Truist Bank')
    await syncRdnCases(t.db, t.companyId, [
      {
        case_id: 4_100_011,
        status: 'Repossessed',
        lender_name: 'Regional Acceptance Corp.',
        repo_date: daysAgo(1),
        recovery_state: 'AL',
      },
      { case_id: 4_100_012, status: 'Repossessed', lienholder_name: 'Truist Bank', repo_date: daysAgo(1) },
    ])
    const before = await draftOf(4_100_011)
    expect(before).toMatchObject({
      status: 'draft',
      client_id: regional,
      billed_cents: 0,
      pricing_note: 'This case’s client has no rate card.',
    })
    expect((await draftOf(4_100_012)).client_id).toBe(regional)
    const detail = (await api('GET', `invoices/${before.id}`)).json.invoice
    expect(detail.needs_rate_card).toBe(true)

    const card = await api('POST', 'fees/rate-cards', { clientId: regional })
    expect(card.status, JSON.stringify(card.json)).toBe(201)
    const version = await api('POST', `fees/rate-cards/${card.json.rateCard.id}/versions`, {
      effectiveFrom: '2025-01-01',
      rows: [{ feeType: 'Involuntary Repossession', basis: 'flat', amountCents: 35_000 }],
    })
    expect(version.status, JSON.stringify(version.json)).toBe(201)
    // Waiting, and said so; not priced by the request itself.
    expect((await api('GET', 'invoices/summary')).json.repricing).toBe(2)
    expect((await draftOf(4_100_011)).billed_cents).toBe(0)

    expect(await repriceQueuedDrafts(t.db, t.companyId)).toBe(2)
    expect((await api('GET', 'invoices/summary')).json.repricing).toBe(0)
    for (const caseId of [4_100_011, 4_100_012])
      expect(await draftOf(caseId)).toMatchObject({ billed_cents: 35_000, pricing_note: null, rate_card_version: 1 })
    const after = (await api('GET', `invoices/${before.id}`)).json.invoice
    expect(after.needs_rate_card).toBe(false)
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor_user_id'])
      .where('action', '=', 'invoice.repriced')
      .where('target', '=', `invoice:${before.id}`)
      .execute()
    expect(audit).toEqual([{ actor_user_id: manager.userId }])
  })

  it('queues the draft of a case whose client is created after it was drafted', async () => {
    await syncRdnCases(t.db, t.companyId, [
      { case_id: 4_100_021, status: 'Repossessed', lender_name: 'Late Lender Inc', repo_date: daysAgo(1) },
    ])
    expect(await draftOf(4_100_021)).toMatchObject({
      client_id: null,
      pricing_note: 'This case has no client to bill.',
    })
    const late = await newClient('Late Lender')
    expect((await api('GET', 'invoices/summary')).json.repricing).toBe(1)
    await repriceQueuedDrafts(t.db, t.companyId)
    expect(await draftOf(4_100_021)).toMatchObject({
      client_id: late,
      pricing_note: 'This case’s client has no rate card.',
    })
  })

  it('resolves the cases on file when migrating, and queues the drafts that now have a client', async () => {
    const scratch = await createTestDatabase()
    const database = await connectDatabase(scratch.target)
    try {
      const { db } = database
      await migrateUpTo(db, '038-dashboard-indexes')
      const { rows: companies } = await sql<{
        id: string
      }>`insert into companies (name) values ('Before 040') returning id`.execute(db)
      const company = companies[0].id
      const { rows: clients } = await sql<{
        id: string
      }>`insert into clients (company_id, name, lienholder_name, client_code)
        values (${company}, 'Capital One Auto Finance', 'Capital One', 'COAF') returning id`.execute(db)
      const { rows: cases } = await sql<{ id: string }>`insert into rdn_cases (company_id, case_id, lienholder_name)
        values (${company}, 1, 'Capital One') returning id`.execute(db)
      const { rows: drafts } = await sql<{
        id: string
      }>`insert into invoices (company_id, number, case_key, rdn_case_id, case_label)
        values (${company}, 'INV-000001', ${`rdn:${cases[0].id}`}, ${cases[0].id}, '1') returning id`.execute(db)
      await migrateToLatest(db)
      const { rows } = await sql<{
        client_id: string | null
      }>`select client_id from rdn_cases where id = ${cases[0].id}`.execute(db)
      expect(rows).toEqual([{ client_id: clients[0].id }])
      const { rows: queued } = await sql<{ invoice_id: string }>`select invoice_id from invoice_reprice_queue`.execute(
        db,
      )
      expect(queued).toEqual([{ invoice_id: drafts[0].id }])
    } finally {
      await database.close()
      await scratch.drop()
    }
  })
})
