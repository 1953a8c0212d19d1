import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'

// Issue 42 (with issue 41): a vehicle's "recovered on" day on the Vehicle Redemptions list is the
// agency's day (AGENCY_TIME_ZONE, America/Chicago), not the database session's (a server's UTC),
// and the list is ordered by that day (migration 056's indexes hold the same expressions). 03:30Z on Mar 10
// is 10:30 PM on Mar 9 in Chicago.

let t: TestApp
let admin: Awaited<ReturnType<TestApp['createUser']>>

const rdnCase = (caseId: number, label: string, moment: string | null) => ({
  case_id: caseId,
  case_number: label,
  status: 'Repossessed',
  time_marked_repossessed: moment ? new Date(moment) : null,
  debtor_name: `Debtor ${label}`,
})

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.createUser('admin')
  await t.db
    .insertInto('rdn_cases')
    .values([
      { company_id: t.companyId, ...rdnCase(990_001, 'DAY-LATE', '2026-03-10T03:30:00Z') },
      { company_id: t.companyId, ...rdnCase(990_002, 'DAY-NEXT', '2026-03-10T15:00:00Z') },
      { company_id: t.companyId, ...rdnCase(990_003, 'DAY-ZED', '2026-03-09T18:00:00Z') },
    ])
    .execute()
  // Cases loaded without the trigger that keeps their repo day (migration 039), so no repo day follows
  // their moment: the list reads the moment's day, else the last change's, on the agency's clock.
  // (The database still counts them, migration 061.)
  await t.db.connection().execute(async (connection) => {
    await sql`alter table rdn_cases disable trigger rdn_cases_repossession_moment`.execute(connection)
    try {
      await connection
        .insertInto('rdn_cases')
        .values([
          { company_id: t.companyId, ...rdnCase(990_004, 'DAY-BULK', '2026-03-10T04:30:00Z') },
          {
            company_id: t.companyId,
            ...rdnCase(990_005, 'DAY-CHANGED', null),
            updated_at: new Date('2026-03-10T02:00:00Z'),
          },
        ])
        .execute()
    } finally {
      await sql`alter table rdn_cases enable trigger rdn_cases_repossession_moment`.execute(connection)
    }
  })
})

afterAll(async () => {
  await t?.close()
})

describe('the Vehicle Redemptions list’s recovered day', () => {
  it('is the agency’s day of the moment, and orders the list', async () => {
    const response = await t.request('GET', '/api/redemptions?limit=50', { cookie: admin.cookie })
    expect(response.status, JSON.stringify(response.json)).toBe(200)
    expect(
      response.json.vehicles.map((vehicle: { label: string; recoveredOn: string }) => [
        vehicle.label,
        vehicle.recoveredOn,
      ]),
    ).toEqual([
      ['DAY-NEXT', '2026-03-10'],
      ['DAY-BULK', '2026-03-09'],
      ['DAY-CHANGED', '2026-03-09'],
      ['DAY-LATE', '2026-03-09'],
      ['DAY-ZED', '2026-03-09'],
    ])
    expect(response.json.total).toBe(5)
  })
})
