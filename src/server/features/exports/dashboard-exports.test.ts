import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'
import { seedDashboardCompany, TODAY } from '../dashboards/dashboard-fixtures'
import { csvRows, download, xlsxRows } from './export-test-helpers'

let t: TestApp
let seeded: Awaited<ReturnType<typeof seedDashboardCompany>>
let manager: Awaited<ReturnType<TestApp['createUser']>>
let people: Record<string, string>

beforeAll(async () => {
  t = await createTestApp()
  seeded = await seedDashboardCompany(t)
  // Another company with the same kinds of work: none of it may show.
  await seedDashboardCompany(t, await t.createCompany('Elsewhere Recovery'))
  manager = await t.createUser('manager')
  const role = async (name: string) => (await t.createUser(name)).cookie
  people = {
    manager: manager.cookie,
    agent: seeded.agent.cookie,
    driver: seeded.driver.cookie,
    mobileManager: seeded.mobileManager.cookie,
    lot: await role('lot_manager'),
    keys: await role('key_manager'),
    locksmith: await role('locksmith'),
    transport: await role('transport_manager'),
    postRecovery: await role('post_recovery_manager'),
  }
})
afterAll(() => t?.close())

type Item = { number: string; [key: string]: unknown }

const dashboard = async (path: string, cookie: string) => {
  const response = await t.request('GET', path, { cookie })
  expect(response.status).toBe(200)
  return response.json
}

/** The export's 'Case Number' column, and the rows by it. */
async function exported(path: string, cookie: string) {
  const file = await download(t, path, cookie)
  expect(file.status).toBe(200)
  const [header, ...rows] = csvRows(file.text)
  const numberAt = header.indexOf('Case Number')
  const byNumber = new Map(
    rows.map((row) => [row[numberAt], Object.fromEntries(header.map((name, i) => [name, row[i]]))]),
  )
  return { header, numbers: rows.map((row) => row[numberAt]), byNumber }
}

const numbersOf = (items: Item[]) => items.map((item) => item.number)

describe('dashboard list exports: every row of the list a person sees, in its scope', () => {
  it.each([
    [
      'management stale cases',
      'management-stale',
      'manager',
      `/api/dashboards/management?today=${TODAY}`,
      (body: any) => body.stale.cases,
    ],
    [
      'field manager unassigned orders (own markets)',
      'field-manager-unassigned',
      'mobileManager',
      '/api/dashboards/field-manager',
      (body: any) => body.unassigned.orders,
    ],
    [
      'recovery agent assignments (own work)',
      'recovery-agent-assignments',
      'agent',
      `/api/dashboards/recovery-agent?today=${TODAY}`,
      (body: any) => body.assignments,
    ],
    [
      'recovery agent recovered this week',
      `recovery-agent-recovered?today=${TODAY}&offset=360`,
      'agent',
      `/api/dashboards/recovery-agent?today=${TODAY}&offset=360`,
      (body: any) => body.recovered,
    ],
    [
      'camera car driver lookout (own market, plate fragment)',
      'camera-driver-lookout?plate=3b%20c',
      'driver',
      '/api/dashboards/camera-driver?plate=3b%20c',
      (body: any) => body.lookout,
    ],
    [
      'lot manager vehicles',
      `lot-vehicles?today=${TODAY}`,
      'lot',
      `/api/dashboards/lot-manager?today=${TODAY}`,
      (body: any) => body.vehicles,
    ],
    ['key manager vehicles', 'keys-vehicles', 'keys', '/api/dashboards/keys', (body: any) => body.vehicles],
    ['locksmith vehicles', 'keys-vehicles', 'locksmith', '/api/dashboards/keys', (body: any) => body.vehicles],
    ['transport moves', 'transport-moves', 'transport', '/api/dashboards/transport-manager', (body: any) => body.moves],
    [
      'post recovery: repossessed',
      'post-recovery?section=repossessed',
      'postRecovery',
      '/api/dashboards/post-recovery-manager',
      (body: any) => body.repossessed.cases,
    ],
    [
      'post recovery: pending close',
      'post-recovery?section=pending-close',
      'postRecovery',
      '/api/dashboards/post-recovery-manager',
      (body: any) => body.pendingClose.cases,
    ],
    [
      'post recovery: redemptions',
      'post-recovery?section=redemptions',
      'postRecovery',
      '/api/dashboards/post-recovery-manager',
      (body: any) => body.redemptions.cases,
    ],
  ])('%s', async (_name, list, person, dashboardPath, itemsOf) => {
    const items: Item[] = itemsOf(await dashboard(dashboardPath, people[person]))
    const file = await exported(`/api/exports/${list}`, people[person])
    expect(items.length).toBeGreaterThan(0)
    expect([...file.numbers].sort()).toEqual(numbersOf(items).sort())
  })

  it('writes each list’s own columns: days in storage, keys, key type, moves', async () => {
    const lot = await exported(`/api/exports/lot-vehicles?today=${TODAY}`, people.lot)
    expect(lot.byNumber.get('C-5')).toMatchObject({ Lot: 'Direct Drop', 'Days in Storage': '15', 'Keys Obtained': '' })
    expect(lot.byNumber.get('CN-O-6')).toMatchObject({ 'In Storage Since': '2026-11-08', 'Keys Obtained': 'FALSE' })
    const keys = await exported('/api/exports/keys-vehicles', people.keys)
    const body = await dashboard('/api/dashboards/keys', people.keys)
    expect(keys.byNumber.get('CN-O-6')).toMatchObject({
      'Key Type': body.vehicles[0].keyType ?? '',
      'Locksmith Job': 'Keys needed',
      'Recovery Date': '2026-11-08',
    })
    const moves = await exported('/api/exports/transport-moves', people.transport)
    expect(moves.byNumber.get('C-5')).toMatchObject({ Move: 'Direct Drop', To: 'Manheim Birmingham' })
    expect(moves.byNumber.get('CN-O-8')).toMatchObject({ Move: 'Auction', To: 'Auction' })
  })

  it('exports a dashboard list as XLSX with real dates', async () => {
    const file = await download(t, `/api/exports/lot-vehicles?format=xlsx&today=${TODAY}`, people.lot)
    const sheet = await xlsxRows(file.bytes)
    const header = sheet.rows[0].values as string[]
    const o6 = sheet.rows.find((row) => row.values[header.indexOf('Case Number')] === 'CN-O-6')
    expect(o6?.values[header.indexOf('In Storage Since')]).toEqual(new Date('2026-11-08T00:00:00Z'))
    expect(o6?.values[header.indexOf('Keys Obtained')]).toBe(false)
  })
})

describe('dashboard list exports: refusals', () => {
  it.each([
    ['field-manager-unassigned', 'agent'],
    ['recovery-agent-assignments', 'driver'],
    ['camera-driver-lookout', 'agent'],
    ['management-stale', 'mobileManager'],
    ['lot-vehicles', 'transport'],
    ['keys-vehicles', 'lot'],
    ['transport-moves', 'keys'],
    ['post-recovery?section=repossessed', 'agent'],
  ])('%s refuses %s (403), as its dashboard does', async (list, person) => {
    expect((await download(t, `/api/exports/${list}`, people[person])).status).toBe(403)
  })

  it('answers a bad section or day with a 400 naming it', async () => {
    const section = await download(t, '/api/exports/post-recovery?section=all', people.postRecovery)
    expect(section.status).toBe(400)
    expect(JSON.parse(section.text).error.field).toBe('section')
    const day = await download(t, '/api/exports/lot-vehicles?today=tomorrow', people.lot)
    expect(JSON.parse(day.text).error.field).toBe('today')
  })

  it('gives a field manager without a market nothing, not every market', async () => {
    const nowhere = await t.createUser('field_manager')
    const file = await exported('/api/exports/field-manager-unassigned', nowhere.cookie)
    expect(file.numbers).toEqual([])
  })
})
