import { type Kysely, sql } from 'kysely'
import { detectCaseMarket } from '../../domain/cases/market-detection'
import { generateClientCode } from '../../domain/clients/client-code'
import { insertCredentialUser } from '../auth/credential-users'
import type { DB } from '../db/schema'
import type { Logger } from '../lib/logger'
import { createDemoSignatureLink, insertComplianceDemo } from './compliance'
import {
  DEMO_CASE_STATUSES,
  DEMO_CLIENTS,
  DEMO_COLORS,
  DEMO_COMPANY_NAME,
  DEMO_EXTRA_PEOPLE,
  DEMO_FIRST_NAMES,
  DEMO_LAST_NAMES,
  DEMO_MARKETS,
  DEMO_PASSWORD,
  DEMO_PEOPLE,
  DEMO_STORAGE_LOTS,
  DEMO_STREETS,
  DEMO_SUB_STATUSES,
  DEMO_VEHICLES,
} from './demo-data'
import { buildDemoCase, buildDemoOrder, createRandom, type Random } from './demo-rows'
import { DEMO_VENDORS } from './demo-vendors'

const DEMO_ORDER_COUNT = 400
const DEMO_CASE_COUNT = 3000
const BATCH_SIZE = 250

export function demoEmail(role: string, index?: number) {
  return `${role.replace(/_/g, '.')}${index === undefined ? '' : index}@demo.recoverydesk.test`
}

/**
 * The demo company (once): one account per role with a known password, lenders, sub-statuses,
 * markets with ZIP codes and lots, orders and RDN cases. Deterministic, so every demo looks alike.
 */
export async function seedDemo(db: Kysely<DB>, logger: Logger, baseUrl = 'http://localhost:3000'): Promise<void> {
  const existing = await db
    .selectFrom('companies')
    .select('id')
    .where('name', '=', DEMO_COMPANY_NAME)
    .executeTakeFirst()
  if (!existing) {
    const started = Date.now()
    await db.transaction().execute(async (trx) => {
      const companyId = await insertDemoCompany(trx)
      // The seeded cases arrived assigned, which tells each agent of each one: old news in a demo,
      // so read already; the bell shows what people do from here on.
      await trx.updateTable('notifications').set({ read_at: sql`now()` }).where('company_id', '=', companyId).execute()
    })
    logger.info({ ms: Date.now() - started }, 'Demo data created')
  }
  const accounts = DEMO_PEOPLE.map((person) => `  ${person.role.padEnd(22)} ${demoEmail(person.role)}`)
  const more = `  and ${DEMO_EXTRA_PEOPLE.length} more field people across the markets (see User Management)`
  console.log(`\nDemo accounts (password for all: ${DEMO_PASSWORD}):\n${accounts.join('\n')}\n${more}\n`)
  const company = await db
    .selectFrom('companies')
    .select('id')
    .where('name', '=', DEMO_COMPANY_NAME)
    .executeTakeFirstOrThrow()
  const link = await createDemoSignatureLink(db, company.id, baseUrl)
  if (link) console.log(`A live signature link (no sign-in needed, valid 7 days):\n  ${link}\n`)
}

async function insertDemoCompany(db: Kysely<DB>): Promise<string> {
  const random = createRandom(20261122)
  const company = await db
    .insertInto('companies')
    .values({ name: DEMO_COMPANY_NAME })
    .returning('id')
    .executeTakeFirstOrThrow()
  const companyId = company.id

  const profileIdsByRdn = new Map<string, string>()
  const agentIds: string[] = []
  const driverIds: string[] = []
  for (const person of DEMO_PEOPLE) {
    const { profileId } = await insertCredentialUser(db, {
      companyId,
      email: demoEmail(person.role),
      password: DEMO_PASSWORD,
      firstName: person.first,
      lastName: person.last,
      role: person.role,
      market: person.market ?? null,
      rdnIdNumber: person.rdnId ?? null,
      mustChangePassword: false,
    })
    if (person.rdnId) profileIdsByRdn.set(person.rdnId, profileId)
    if (person.role === 'recovery_agent') agentIds.push(profileId)
    if (person.role === 'camera_driver') driverIds.push(profileId)
  }
  for (const [index, person] of DEMO_EXTRA_PEOPLE.entries()) {
    const { profileId } = await insertCredentialUser(db, {
      companyId,
      email: demoEmail(person.role, index + 2),
      password: DEMO_PASSWORD,
      firstName: person.first,
      lastName: person.last,
      role: person.role,
      market: person.market,
      rdnIdNumber: person.rdnId ?? null,
      mustChangePassword: false,
    })
    if (person.rdnId) profileIdsByRdn.set(person.rdnId, profileId)
    if (person.role === 'recovery_agent') agentIds.push(profileId)
    if (person.role === 'camera_driver') driverIds.push(profileId)
  }
  await db
    .insertInto('rdn_agent_mappings')
    .values(
      [...profileIdsByRdn].map(([rdnId, profileId]) => ({
        company_id: companyId,
        rdn_agent_id: rdnId,
        profile_id: profileId,
      })),
    )
    .execute()

  const clients = await db
    .insertInto('clients')
    .values(
      DEMO_CLIENTS.map((client) => ({
        company_id: companyId,
        name: client.name,
        lienholder_name: client.lienholder,
        display_name: client.name,
        client_code: generateClientCode(client.name, client.lienholder),
      })),
    )
    .returning(['id', 'name', 'lienholder_name'])
    .execute()
  await db
    .insertInto('sub_statuses')
    .values(DEMO_SUB_STATUSES.map((status) => ({ company_id: companyId, ...status })))
    .execute()
  await db
    .insertInto('market_zip_codes')
    .values(
      DEMO_MARKETS.flatMap(({ market, zips }) => zips.map((zip) => ({ company_id: companyId, zip_code: zip, market }))),
    )
    .execute()
  await db
    .insertInto('market_lots')
    .values(DEMO_MARKETS.flatMap(({ market, lot }) => (lot ? [{ company_id: companyId, market, ...lot }] : [])))
    .execute()

  const marketByZip = new Map(DEMO_MARKETS.flatMap(({ market, zips }) => zips.map((zip) => [zip, market] as const)))
  const pools = {
    zips: [...marketByZip.keys(), '90210', '10001', '3520'],
    vehicles: DEMO_VEHICLES,
    colors: DEMO_COLORS,
    firstNames: DEMO_FIRST_NAMES,
    lastNames: DEMO_LAST_NAMES,
    streets: DEMO_STREETS,
    statuses: DEMO_CASE_STATUSES,
    subStatuses: DEMO_SUB_STATUSES.map((status) => status.description),
    storageLots: DEMO_STORAGE_LOTS,
    rdnAgentIds: [...profileIdsByRdn.keys(), '99901', '99902'],
  }

  const orders = Array.from({ length: DEMO_ORDER_COUNT }, (_, index) => {
    const client = random.pick(clients)
    return buildDemoOrder(random, pools, index, {
      companyId,
      clientId: client.id,
      lienholder: client.lienholder_name,
      agentId: random.chance(0.7) ? random.pick(agentIds) : null,
      driverId: random.chance(0.4) ? random.pick(driverIds) : null,
      marketByZip,
    })
  })
  const insertedOrders = []
  for (let start = 0; start < orders.length; start += BATCH_SIZE) {
    insertedOrders.push(
      ...(await db
        .insertInto('orders')
        .values(orders.slice(start, start + BATCH_SIZE))
        .returning(['id', 'case_number', 'status', 'assigned_agent_id', 'assigned_camera_driver_id', 'repossessed_at'])
        .execute()),
    )
  }
  await seedOrderActivity(db, random, companyId, insertedOrders)
  await insertComplianceDemo(db, companyId)
  await db
    .insertInto('vendors')
    .values(DEMO_VENDORS.map((vendor) => ({ company_id: companyId, ...vendor })))
    .execute()

  const cases = Array.from({ length: DEMO_CASE_COUNT }, (_, index) => {
    const row = buildDemoCase(random, pools, index, { companyId, lenders: DEMO_CLIENTS })
    const detection = detectCaseMarket(row, marketByZip)
    return {
      ...row,
      detected_market: detection.market,
      market_confidence: detection.confidence,
      market_detection_method: detection.method,
    }
  })
  for (let start = 0; start < cases.length; start += BATCH_SIZE) {
    await db
      .insertInto('rdn_cases')
      .values(cases.slice(start, start + BATCH_SIZE))
      .execute()
  }
  return companyId
}

type SeededOrder = {
  id: string
  case_number: string | null
  status: string
  assigned_agent_id: string | null
  assigned_camera_driver_id: string | null
  /** Stamped from its recovery day and time, or now (migration 039). */
  repossessed_at: Date | null
}

/** Sub-status links (fee codes among them), camera-car finds and recoveries for the demo orders. */
async function seedOrderActivity(db: Kysely<DB>, random: Random, companyId: string, orders: SeededOrder[]) {
  const links = orders.flatMap((order) => {
    if (!order.case_number || !random.chance(0.45)) return []
    const codes = new Set(Array.from({ length: random.int(1, 3) }, () => random.pick(DEMO_SUB_STATUSES).code))
    return [...codes].map((code) => ({
      company_id: companyId,
      case_number: order.case_number as string,
      sub_status_code: code,
      assigned_at: new Date(Date.now() - random.int(1, 60) * 86_400_000),
    }))
  })
  const finds = orders.flatMap((order) =>
    order.assigned_camera_driver_id && random.chance(0.6)
      ? [
          {
            company_id: companyId,
            order_id: order.id,
            driver_id: order.assigned_camera_driver_id,
            found_at: new Date(Date.now() - random.int(1, 30) * 86_400_000),
            location: random.pick([
              'Walmart parking lot',
              'Apartment complex lot',
              'Street parking',
              'Workplace garage',
            ]),
          },
        ]
      : [],
  )
  const completions = orders.flatMap((order) =>
    order.status === 'Repossessed' && order.assigned_agent_id
      ? [
          {
            company_id: companyId,
            order_id: order.id,
            agent_id: order.assigned_agent_id,
            completed_at: order.repossessed_at ?? new Date(),
          },
        ]
      : [],
  )
  if (links.length) await db.insertInto('order_sub_statuses').values(links).execute()
  if (finds.length) await db.insertInto('ccd_finds').values(finds).execute()
  if (completions.length) await db.insertInto('repo_completions').values(completions).execute()
}
