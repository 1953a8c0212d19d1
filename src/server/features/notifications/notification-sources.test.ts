import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setChangeActor } from '../../records/change-actor'
import { createTestApp, type TestApp } from '../../test/harness'
import { syncRdnCases } from '../cases/sync'
import { notificationHelpers } from './notification-test-helpers'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

const { newOrder, person, told, list } = notificationHelpers(() => t)

describe('sources', () => {
  it("a camera car find: the market's field managers, in the bell and on their dashboard alike", async () => {
    const driver = await person('camera_driver')
    const manager = await person('field_manager')
    const order = await newOrder({ license_plate: 'AL 1AB' })
    const found = await t.request('POST', '/api/dashboards/camera-driver/finds', {
      cookie: driver.cookie,
      body: { orderId: order.id, location: 'Bel Air Mall' },
    })
    expect(found.status).toBe(201)
    const page = await list(manager)
    expect(page.status).toBe(200)
    const find = page.json.notifications.find((item: { kind: string }) => item.kind === 'ccd_find')
    expect(find).toMatchObject({ href: `/order/${order.id}`, read: false })
    expect(find.message).toContain('Bel Air Mall')
    expect(page.json.unread).toBeGreaterThanOrEqual(1)
    expect(await told(driver.profileId)).toEqual([])

    // Read in the bell: gone from the dashboard's unread finds too.
    const dashboard = async () =>
      (await t.request('GET', '/api/dashboards/field-manager', { cookie: manager.cookie })).json.finds
    expect((await dashboard()).map((item: { id: string }) => item.id)).toContain(find.id)
    expect(
      (await t.request('POST', '/api/notifications/read', { cookie: manager.cookie, body: { ids: [find.id] } })).status,
    ).toBe(200)
    expect((await dashboard()).map((item: { id: string }) => item.id)).not.toContain(find.id)
  })

  it('an assignment: the agent and the camera car driver, with a link to the order; never the one who assigned', async () => {
    const manager = await person('field_manager')
    const agent = await person('recovery_agent')
    const driver = await person('camera_driver')
    const order = await newOrder()
    const assigned = await t.request('PUT', `/api/dashboards/field-manager/assignments/${order.id}`, {
      cookie: manager.cookie,
      body: { agentId: agent.profileId, cameraDriverId: driver.profileId },
    })
    expect(assigned.status).toBe(200)
    expect(await told(agent.profileId)).toEqual([
      expect.objectContaining({
        kind: 'assigned',
        href: `/order/${order.id}`,
        order_id: order.id,
        message: `You were assigned order ${order.case_number} (2019 Toyota Camry).`,
        company_id: t.companyId,
      }),
    ])
    expect(await told(driver.profileId)).toEqual([
      expect.objectContaining({
        kind: 'assigned',
        message: `You were assigned order ${order.case_number} (2019 Toyota Camry) as its camera car driver.`,
      }),
    ])
    expect(await told(manager.profileId, 'assigned')).toEqual([])

    // The same assignment saved again changes nothing, so tells nothing.
    await t.request('PUT', `/api/dashboards/field-manager/assignments/${order.id}`, {
      cookie: manager.cookie,
      body: { agentId: agent.profileId, cameraDriverId: driver.profileId },
    })
    expect(await told(agent.profileId)).toHaveLength(1)
  })

  it('self-assignment is not told; an edit by another path (no dashboard) is', async () => {
    const agent = await person('recovery_agent')
    const order = await newOrder()
    await t.db.transaction().execute(async (trx) => {
      await setChangeActor(trx, { profileId: agent.profileId, source: 'person' })
      await trx.updateTable('orders').set({ assigned_agent_id: agent.profileId }).where('id', '=', order.id).execute()
    })
    expect(await told(agent.profileId)).toEqual([])
    // Without a person named (an import, the system) the agent is told.
    const other = await newOrder()
    await t.db.updateTable('orders').set({ assigned_agent_id: agent.profileId }).where('id', '=', other.id).execute()
    expect((await told(agent.profileId)).map((row) => row.order_id)).toEqual([other.id])
  })

  it('an RDN case or order that arrives already assigned (its first sync, an import): the person told once', async () => {
    const agent = await person('recovery_agent')
    await t.db
      .updateTable('profiles')
      .set({ rdn_id_number: 'FIRST-SYNC-1' })
      .where('id', '=', agent.profileId)
      .execute()
    await syncRdnCases(t.db, t.companyId, [
      { case_id: 7_111, case_number: 'RDN-7111', assigned_agent_id: 'FIRST-SYNC-1' },
    ])
    await syncRdnCases(t.db, t.companyId, [
      { case_id: 7_111, case_number: 'RDN-7111', assigned_agent_id: 'FIRST-SYNC-1' },
    ])
    expect(await told(agent.profileId)).toEqual([
      expect.objectContaining({
        kind: 'assigned',
        href: '/cases/7111',
        message: 'You were assigned RDN case RDN-7111.',
      }),
    ])
    const order = await newOrder({ assigned_agent_id: agent.profileId })
    expect((await told(agent.profileId)).map((row) => row.order_id)).toContain(order.id)
  })

  it("an RDN case given a person's agent id (a mapping or their own RDN id): that person, linking the case", async () => {
    const mapped = await person('recovery_agent')
    const own = await person('recovery_agent')
    await t.db.updateTable('profiles').set({ rdn_id_number: 'OWN-7' }).where('id', '=', own.profileId).execute()
    await t.db
      .insertInto('rdn_agent_mappings')
      .values({ company_id: t.companyId, rdn_agent_id: 'MAP-7', profile_id: mapped.profileId })
      .execute()
    const rdnCase = await t.db
      .insertInto('rdn_cases')
      .values({ company_id: t.companyId, case_id: 7_007, case_number: 'RDN-7007', make: 'Ford', model: 'F-150' })
      .returning('id')
      .executeTakeFirstOrThrow()
    await t.db.updateTable('rdn_cases').set({ assigned_agent_id: 'MAP-7' }).where('id', '=', rdnCase.id).execute()
    expect(await told(mapped.profileId)).toEqual([
      expect.objectContaining({
        kind: 'assigned',
        rdn_case_id: rdnCase.id,
        href: '/cases/7007',
        message: 'You were assigned RDN case RDN-7007 (Ford F-150).',
      }),
    ])
    await t.db.updateTable('rdn_cases').set({ assigned_agent_id: 'OWN-7' }).where('id', '=', rdnCase.id).execute()
    expect(await told(own.profileId)).toHaveLength(1)
    // An id nobody answers to tells no one (and breaks nothing).
    await t.db.updateTable('rdn_cases').set({ assigned_agent_id: 'NOBODY' }).where('id', '=', rdnCase.id).execute()
    expect(await told(mapped.profileId)).toHaveLength(1)
  })

  it('a note on an order: its agent and camera car driver, not the author; on an RDN case: its agent', async () => {
    const agent = await person('recovery_agent')
    const driver = await person('camera_driver')
    const order = await newOrder({ assigned_agent_id: agent.profileId, assigned_camera_driver_id: driver.profileId })
    await t.db
      .updateTable('profiles')
      .set({ first_name: 'Dana', last_name: 'Agent' })
      .where('id', '=', agent.profileId)
      .execute()
    await t.db
      .insertInto('case_timeline')
      .values({
        company_id: t.companyId,
        order_id: order.id,
        kind: 'note',
        note_type: 'Agent Update',
        body: 'Vehicle seen behind the house.',
        actor_profile_id: agent.profileId,
        source: 'person',
      })
      .execute()
    expect(await told(agent.profileId, 'note')).toEqual([])
    expect(await told(driver.profileId, 'note')).toEqual([
      expect.objectContaining({
        href: `/order/${order.id}`,
        message: `Dana Agent added Agent Update on order ${order.case_number} (2019 Toyota Camry): Vehicle seen behind the house.`,
      }),
    ])

    await t.db
      .insertInto('rdn_agent_mappings')
      .values({ company_id: t.companyId, rdn_agent_id: 'NOTE-1', profile_id: agent.profileId })
      .execute()
    const rdnCase = await t.db
      .insertInto('rdn_cases')
      .values({ company_id: t.companyId, case_id: 7_100, case_number: 'RDN-7100', assigned_agent_id: 'NOTE-1' })
      .returning('id')
      .executeTakeFirstOrThrow()
    await t.db
      .insertInto('case_timeline')
      .values({
        company_id: t.companyId,
        rdn_case_id: rdnCase.id,
        kind: 'note',
        note_type: 'Office Note',
        body: 'x'.repeat(300),
        actor_profile_id: driver.profileId,
        source: 'person',
      })
      .execute()
    const [note] = await told(agent.profileId, 'note')
    expect(note).toMatchObject({ href: '/cases/7100', rdn_case_id: rdnCase.id })
    expect(note.message).toMatch(/^Test camera_driver added Office Note on RDN case RDN-7100: x{119}…$/)
  })

  it("never tells a person of another company, whoever's id an order names", async () => {
    const elsewhere = await t.createCompany('Other Agency')
    const outsider = await person('recovery_agent', 'Mobile', elsewhere)
    const order = await newOrder()
    await t.db.updateTable('orders').set({ assigned_agent_id: outsider.profileId }).where('id', '=', order.id).execute()
    await t.db
      .insertInto('case_timeline')
      .values({
        company_id: t.companyId,
        order_id: order.id,
        kind: 'note',
        note_type: 'Office Note',
        body: 'Hi',
        source: 'person',
      })
      .execute()
    expect(await told(outsider.profileId)).toEqual([])
  })

  it("a signature completed: the company's compliance managers, once, linking their screen", async () => {
    const managers = [await person('compliance_manager'), await person('compliance_manager')]
    const elsewhere = await t.createCompany('Third Agency')
    const outsider = await person('compliance_manager', null, elsewhere)
    const type = await t.request('POST', '/api/compliance/document-types', {
      cookie: managers[0].cookie,
      body: { name: 'Agent Agreement', category: 'Contracts' },
    })
    const document = await t.request('POST', '/api/compliance/documents', {
      cookie: managers[0].cookie,
      body: { documentTypeId: type.json.type.id, notes: 'Annual' },
    })
    const request = await t.request(
      'POST',
      `/api/compliance/documents/${document.json.document.id}/signature-requests`,
      {
        cookie: managers[0].cookie,
        body: { recipientName: 'Riley Signer', recipientEmail: 'riley@example.com', expiresInDays: 7 },
      },
    )
    const token = request.json.link.split('/signature/')[1]
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='
    const signed = await t.request('POST', `/api/public/signatures/${token}`, {
      body: { signerName: 'Riley Signer', notes: null, signatureImage: png },
    })
    expect(signed.status).toBe(200)
    for (const manager of managers) {
      expect(await told(manager.profileId)).toEqual([
        expect.objectContaining({
          kind: 'signature',
          href: '/dashboard/compliance-manager',
          message: 'Riley Signer signed Agent Agreement.',
        }),
      ])
    }
    expect(await told(outsider.profileId)).toEqual([])
  })
})
