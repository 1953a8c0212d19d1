import { afterAll, beforeAll } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'
import { createImportRunner, type RunImport } from '../import/import-fixtures'

// Collisions' tests (issue 44 item 6): an app with a client the import knows, the Mobile market,
// a field manager of it, an agent of the orders and one the RDN sync names by its agent id.

export let t: TestApp
export let admin: Awaited<ReturnType<TestApp['createUser']>>
export let fieldManager: Awaited<ReturnType<TestApp['createUser']>>
export let agent: Awaited<ReturnType<TestApp['createUser']>>
export let rdnAgent: Awaited<ReturnType<TestApp['createUser']>>
export let runImport: RunImport
export let apiKey: string
let serial = 0

export const MARKET = 'Mobile'
export const RDN_AGENT_ID = 'RDN-7'

export function setUpCollisionsApp() {
  beforeAll(async () => {
    t = await createTestApp()
    admin = await t.createUser('admin')
    fieldManager = await t.createUser('field_manager')
    agent = await t.createUser('recovery_agent')
    rdnAgent = await t.createUser('recovery_agent')
    await t.db.updateTable('profiles').set({ market: MARKET }).where('id', '=', fieldManager.profileId).execute()
    await t.db
      .updateTable('profiles')
      .set({ rdn_id_number: RDN_AGENT_ID })
      .where('id', '=', rdnAgent.profileId)
      .execute()
    await t.db
      .insertInto('clients')
      .values({ company_id: t.companyId, name: 'Ally Financial', lienholder_name: 'Ally Bank', client_code: 'ALLY' })
      .execute()
    await t.db
      .insertInto('market_zip_codes')
      .values({ company_id: t.companyId, zip_code: '36602', market: MARKET })
      .execute()
    runImport = createImportRunner(t, admin)
    apiKey = (await t.request('POST', '/api/integrations/api-keys', { cookie: admin.cookie, body: { name: 'RDN' } }))
      .json.key
  })
  afterAll(() => t?.close())
}

/** An order of the market, written as the office would have it (the agent on it unless told). */
export async function order(values: {
  vin?: string | null
  plate?: string | null
  state?: string | null
  status?: string
  companyId?: string
}) {
  serial += 1
  return t.db
    .insertInto('orders')
    .values({
      company_id: values.companyId ?? t.companyId,
      order_number: `CO-${serial}`,
      case_number: `CO-${serial}`,
      status: values.status ?? 'Open',
      detected_market: MARKET,
      vin: values.vin ?? null,
      license_plate: values.plate ?? null,
      borrower_state: values.state ?? null,
      assigned_agent_id: values.companyId ? null : agent.profileId,
    })
    .returning(['id', 'case_number'])
    .executeTakeFirstOrThrow()
}

/** A batch of the RDN sync, as the integration sends it. */
export const sync = (cases: Record<string, unknown>[]) =>
  t.request('POST', '/api/sync/rdn-cases', { headers: { authorization: `Bearer ${apiKey}` }, body: { cases } })

/** The open collisions as the list answers the field manager: each as its two cases' labels and the match. */
export async function openCollisions(cookie = fieldManager.cookie) {
  const response = await t.request('GET', '/api/collisions', { cookie })
  return (response.json.collisions as { id: string; matchedOn: string; cases: { id: string; label: string }[] }[]).map(
    (collision) => ({ ...collision, labels: collision.cases.map((side) => side.label).sort() }),
  )
}

/** The 'collision' notifications a person has, by message. */
export async function collisionNotices(profileId: string) {
  const rows = await t.db
    .selectFrom('notifications')
    .select(['message', 'href'])
    .where('profile_id', '=', profileId)
    .where('kind', '=', 'collision')
    .orderBy('message')
    .execute()
  return rows
}
