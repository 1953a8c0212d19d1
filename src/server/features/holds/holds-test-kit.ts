import { afterAll, beforeAll } from 'vitest'
import type { TestApp } from '../../test/harness'
import { createTestApp } from '../../test/harness'

// Issue 44's tests: an app with a client, a manager, a field manager of Birmingham and two agents.

export let t: TestApp
export let manager: Awaited<ReturnType<TestApp['createUser']>>
export let fieldManager: Awaited<ReturnType<TestApp['createUser']>>
export let agent: Awaited<ReturnType<TestApp['createUser']>>
export let otherAgent: Awaited<ReturnType<TestApp['createUser']>>
export let cameraDriver: Awaited<ReturnType<TestApp['createUser']>>
export let clientId: string
let serial = 0

export const MARKET = 'Birmingham'

export function setUpHoldsApp() {
  beforeAll(async () => {
    t = await createTestApp()
    manager = await t.createUser('manager')
    fieldManager = await t.createUser('field_manager')
    agent = await t.createUser('recovery_agent')
    otherAgent = await t.createUser('recovery_agent')
    cameraDriver = await t.createUser('camera_driver')
    await t.db
      .updateTable('profiles')
      .set({ market: MARKET })
      .where('id', 'in', [fieldManager.profileId, agent.profileId, otherAgent.profileId, cameraDriver.profileId])
      .execute()
    const client = await t.db
      .insertInto('clients')
      .values({ company_id: t.companyId, name: 'Ally Financial', client_code: 'ALLY' })
      .returning('id')
      .executeTakeFirstOrThrow()
    clientId = client.id
  })
  afterAll(() => t?.close())
}

/** An open order of the market, assigned to the agent (and the camera car driver). */
export async function assignedOrder(values: { status?: string; vin?: string } = {}) {
  serial += 1
  return t.db
    .insertInto('orders')
    .values({
      company_id: t.companyId,
      order_number: `HO-${serial}`,
      case_number: `HO-${serial}`,
      client_id: clientId,
      status: values.status ?? 'Open',
      priority: 'medium',
      detected_market: MARKET,
      vin: values.vin ?? null,
      assigned_agent_id: agent.profileId,
      assigned_camera_driver_id: cameraDriver.profileId,
    })
    .returning(['id', 'updated_at', 'case_number'])
    .executeTakeFirstOrThrow()
}

export const onHook = (orderId: string, body: unknown = {}, cookie = agent.cookie) =>
  t.request('POST', `/api/recovery/cases/orders/${orderId}/on-hook`, { cookie, body })

export const editOrder = (order: { id: string }, changes: Record<string, unknown>, cookie = manager.cookie) =>
  t.db
    .selectFrom('orders')
    .select('updated_at')
    .where('id', '=', order.id)
    .executeTakeFirstOrThrow()
    .then(({ updated_at }) =>
      t.request('PATCH', `/api/orders/${order.id}`, {
        cookie,
        body: { expectedUpdatedAt: updated_at.toISOString(), changes },
      }),
    )

export const orderStatus = async (orderId: string) =>
  await t.db
    .selectFrom('orders')
    .select(['status', 'repossessed_at'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow()

/** Uploads a file as a phone does (POST /api/files, raw body); its id. */
export async function uploadFile(bytes: Uint8Array, fileName: string, cookie = agent.cookie) {
  const response = await t.app.fetch(
    new Request('http://localhost:3000/api/files', {
      method: 'POST',
      headers: {
        cookie,
        origin: 'http://localhost:3000',
        'content-type': 'application/octet-stream',
        'x-file-name': encodeURIComponent(fileName),
      },
      body: new Uint8Array(bytes),
    }),
  )
  const json = (await response.json()) as { file: { id: string } }
  return json.file.id
}

/** The stop's story of holdOrder's hold, as the refusals tell it. */
export const HOLD_STORY = /^This case was put on hold .* by .*: do not recover\. Reason: Borrower filed bankruptcy$/

/** The office puts the order on hold, with its reason. */
export const holdOrder = (order: { id: string }) =>
  editOrder(order, { status: 'On Hold', hold_reason: 'Borrower filed bankruptcy' })

/** The case's hold records, oldest first. */
export const holdsOf = (column: 'order_id' | 'rdn_case_id', id: string) =>
  t.db
    .selectFrom('case_holds')
    .select(['id', 'status', 'source', 'reason', 'arrived_after_recovery', 'lifted_at'])
    .where(column, '=', id)
    .orderBy('placed_at')
    .execute()
