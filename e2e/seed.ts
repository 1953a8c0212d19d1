// Prepares an e2e server's database before it starts: migrations, the bootstrap company and
// administrator (exactly as the server's first start makes them), one signed-in-ready account per
// role, a few orders for the header search and external cases for the case list. Runs once per
// database: a second server on the same PostgreSQL finds it seeded and only migrates.
import { ROLES } from '../src/domain/auth/roles'
import { bootstrapFirstCompany } from '../src/server/auth/bootstrap'
import { insertCredentialUser } from '../src/server/auth/credential-users'
import { loadConfig } from '../src/server/config'
import { connectDatabase } from '../src/server/db/connect'
import { migrateToLatest } from '../src/server/db/migrate'
import { databaseTargetFromConfig } from '../src/server/runtime'
import { seedDashboardAgency } from './seed-dashboards'
import {
  E2E_CASES,
  E2E_CLIENT,
  E2E_FEE_CODES,
  E2E_FULL_ORDER,
  E2E_INVOICE_CLIENT,
  E2E_INVOICE_ORDER,
  E2E_ORDERS,
  E2E_ROLE_PASSWORD,
  IMPORT_AGENCY,
  REPRICE_AGENCY,
  roleEmail,
} from './seed-data'
import { seedDayWorkAgency } from './seed-day-work'
import { seedHoldsAgency } from './seed-holds'
import { seedMapAgencies } from './seed-map'
import { seedOrderChangesAgency } from './seed-order-changes'
import { seedOrderListAgency } from './seed-order-list'
import { seedPayrollAgency } from './seed-payroll'
import { seedWorkingDayAgency } from './seed-working-day'

const config = loadConfig()
const database = await connectDatabase(databaseTargetFromConfig(config))
try {
  await migrateToLatest(database.db)
  const first = await bootstrapFirstCompany(database.db, { email: config.adminEmail, password: config.adminPassword })
  if (first) {
    const profileIds = new Map<string, string>()
    for (const role of ROLES) {
      const ids = await insertCredentialUser(database.db, {
        companyId: first.companyId,
        email: roleEmail(role),
        password: E2E_ROLE_PASSWORD,
        firstName: role === 'camera_driver' ? null : 'Pat',
        lastName: role === 'camera_driver' ? null : role.replace(/_/g, ' '),
        role,
        market: role === 'recovery_agent' ? 'Mobile' : null,
        mustChangePassword: false,
      })
      profileIds.set(role, ids.profileId)
    }
    await database.db
      .insertInto('orders')
      .values(E2E_ORDERS.map((order) => ({ ...order, company_id: first.companyId })))
      .execute()
    await seedFullOrder(first.companyId, profileIds)
    await seedInvoiceOrder(first.companyId)
    await seedImportAgency()
    await seedRepriceAgency()
    await seedDashboardAgency(database.db)
    await seedOrderChangesAgency(database.db)
    await seedOrderListAgency(database.db)
    await seedDayWorkAgency(database.db)
    await seedMapAgencies(database.db)
    await seedPayrollAgency(database.db)
    await seedWorkingDayAgency(database.db)
    await seedHoldsAgency(database.db)
    await database.db
      .insertInto('rdn_cases')
      .values(E2E_CASES.map((row) => ({ ...row, company_id: first.companyId })))
      .execute()
    // Seeded cases arrive assigned, which tells their people: old news, so every spec's bell starts at 0.
    await database.db.updateTable('notifications').set({ read_at: new Date() }).execute()
  }
} finally {
  await database.close()
}

/** The order every section of the detail has something for: client, market, fees, find, recovery. */
async function seedFullOrder(companyId: string, profileIds: Map<string, string>) {
  const db = database.db
  const client = await db
    .insertInto('clients')
    .values({ ...E2E_CLIENT, company_id: companyId })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('market_zip_codes')
    .values({ company_id: companyId, zip_code: '36602', market: 'Mobile' })
    .execute()
  const order = await db
    .insertInto('orders')
    .values({
      ...E2E_FULL_ORDER,
      company_id: companyId,
      client_id: client.id,
      assigned_agent_id: profileIds.get('recovery_agent'),
      assigned_camera_driver_id: profileIds.get('camera_driver'),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('order_sub_statuses')
    .values(
      E2E_FEE_CODES.map((code) => ({
        company_id: companyId,
        case_number: E2E_FULL_ORDER.case_number,
        sub_status_code: code,
      })),
    )
    .execute()
  await db
    .insertInto('ccd_finds')
    .values({
      company_id: companyId,
      order_id: order.id,
      driver_id: profileIds.get('camera_driver') as string,
      location: 'Walmart lot, Airport Blvd',
    })
    .execute()
  await db
    .insertInto('repo_completions')
    .values({ company_id: companyId, order_id: order.id, agent_id: profileIds.get('recovery_agent') as string })
    .execute()
}

/** A client with no rate card and its open order, for the walk to a paid invoice (e2e/invoices.spec.ts). */
async function seedInvoiceOrder(companyId: string) {
  const client = await database.db
    .insertInto('clients')
    .values({ ...E2E_INVOICE_CLIENT, company_id: companyId })
    .returning('id')
    .executeTakeFirstOrThrow()
  await database.db
    .insertInto('orders')
    .values({ ...E2E_INVOICE_ORDER, company_id: companyId, client_id: client.id })
    .execute()
}

async function seedRepriceAgency() {
  const db = database.db
  const company = await db
    .insertInto('companies')
    .values({ name: REPRICE_AGENCY.name })
    .returning('id')
    .executeTakeFirstOrThrow()
  await insertCredentialUser(db, {
    companyId: company.id,
    email: REPRICE_AGENCY.managerEmail,
    password: E2E_ROLE_PASSWORD,
    firstName: 'Remy',
    lastName: 'Pricer',
    role: 'manager',
    mustChangePassword: false,
  })
  await db
    .insertInto('clients')
    .values({ ...REPRICE_AGENCY.client, company_id: company.id })
    .execute()
  const repoDate = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10)
  await db
    .insertInto('rdn_cases')
    .values({ ...REPRICE_AGENCY.case, repo_date: repoDate, company_id: company.id })
    .execute()
}

async function seedImportAgency() {
  const db = database.db
  const company = await db
    .insertInto('companies')
    .values({ name: IMPORT_AGENCY.name })
    .returning('id')
    .executeTakeFirstOrThrow()
  await insertCredentialUser(db, {
    companyId: company.id,
    email: IMPORT_AGENCY.adminEmail,
    password: E2E_ROLE_PASSWORD,
    firstName: 'Ivy',
    lastName: 'Importer',
    role: 'admin',
    mustChangePassword: false,
  })
  await db
    .insertInto('clients')
    .values({ ...E2E_CLIENT, company_id: company.id })
    .execute()
}
