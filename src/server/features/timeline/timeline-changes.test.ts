import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setChangeActor } from '../../records/change-actor'
import type { TestApp } from '../../test/harness'
import { syncRdnCases } from '../cases/sync'
import { CASE_ID, createTimelineWorld, type TimelineWorld, timelineHelpers } from './timeline-test-helpers'

let w: TimelineWorld
let t: TestApp

beforeAll(async () => {
  w = await createTimelineWorld()
  t = w.t
})
afterAll(() => t?.close())

const { newOrder, timeline } = timelineHelpers(() => w)

describe('changes on the timeline', () => {
  it("shows the order edit's changes with labels, values and the person", async () => {
    const order = await newOrder({ status: 'Open' })
    const saved = await t.request('PATCH', `/api/orders/${order.id}`, {
      cookie: w.manager.cookie,
      body: { expectedUpdatedAt: order.updated_at.toISOString(), changes: { color: 'Blue', license_plate: 'ABC123' } },
    })
    expect(saved.status).toBe(200)
    const page = await timeline(`orders/${order.id}`)
    const changes = page.json.entries.filter((entry: { kind: string }) => entry.kind === 'change')
    expect(changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: 'color',
          label: 'Color',
          oldValue: 'Red',
          newValue: 'Blue',
          source: 'person',
          actor: { id: w.manager.profileId, name: 'Test manager' },
        }),
        expect.objectContaining({ field: 'license_plate', label: 'License plate', oldValue: null, newValue: 'ABC123' }),
      ]),
    )
  })

  it("shows the field manager's assignment with the people's names, and the other kinds of value readable", async () => {
    const order = await newOrder({ detected_market: 'Mobile', status: 'Open' })
    const assigned = await t.request('PUT', `/api/dashboards/field-manager/assignments/${order.id}`, {
      cookie: w.fieldManager.cookie,
      body: { agentId: w.agent.profileId, cameraDriverId: w.driver.profileId },
    })
    expect(assigned.status).toBe(200)
    await t.db.transaction().execute(async (trx) => {
      await setChangeActor(trx, { profileId: null, source: 'system' })
      await trx
        .updateTable('orders')
        .set({
          client_id: w.clientId,
          keys_obtained: true,
          priority: 'high',
          due_date: '2026-12-01',
          last_spotted_at: '2026-11-20T15:04:00Z',
        })
        .where('id', '=', order.id)
        .execute()
    })
    // A person who has left: their id no longer names anyone at the company.
    const gone = randomUUID()
    await t.db
      .insertInto('case_timeline')
      .values({
        company_id: t.companyId,
        order_id: order.id,
        kind: 'change',
        field: 'assigned_agent_id',
        old_value: gone,
        new_value: w.agent.profileId,
        actor_profile_id: gone,
        source: 'person',
      })
      .execute()
    const page = await timeline(`orders/${order.id}`)
    const byField = new Map(
      page.json.entries.map((entry: { id: string; field: string | null }) => [`${entry.id}:${entry.field}`, entry]),
    )
    const find = (field: string, source: string) =>
      [...byField.values()].find(
        (entry) => (entry as { field: string }).field === field && (entry as { source: string }).source === source,
      )
    expect(find('assigned_agent_id', 'dashboard')).toMatchObject({
      label: 'Recovery agent',
      oldValue: null,
      newValue: 'Test recovery_agent',
      actor: { id: w.fieldManager.profileId, name: 'Test field_manager' },
    })
    expect(find('assigned_camera_driver_id', 'dashboard')).toMatchObject({
      label: 'Camera car driver',
      newValue: 'Test camera_driver',
    })
    expect(find('client_id', 'system')).toMatchObject({
      label: 'Client',
      oldValue: null,
      newValue: 'Ally Financial',
      actor: null,
    })
    expect(find('keys_obtained', 'system')).toMatchObject({ label: 'Keys obtained', oldValue: 'No', newValue: 'Yes' })
    expect(find('priority', 'system')).toMatchObject({ label: 'Priority', oldValue: 'Medium', newValue: 'High' })
    expect(find('due_date', 'system')).toMatchObject({ label: 'Due date', newValue: '2026-12-01', valueFormat: 'date' })
    expect(find('last_spotted_at', 'system')).toMatchObject({
      label: 'Last spotted at',
      newValue: '2026-11-20T15:04:00.000Z',
      valueFormat: 'datetime',
    })
    expect(find('assigned_agent_id', 'person')).toMatchObject({
      oldValue: 'Former user',
      newValue: 'Test recovery_agent',
      actor: { id: gone, name: 'Former user' },
    })
  })

  it("shows an RDN case's agent by the person the RDN agent id answers to", async () => {
    await t.db.updateTable('profiles').set({ rdn_id_number: 'AG-77' }).where('id', '=', w.agent.profileId).execute()
    await syncRdnCases(t.db, t.companyId, [
      { case_id: CASE_ID, status: 'Repossessed', make: 'Ford', assigned_agent_id: 'AG-77' },
    ])
    await syncRdnCases(t.db, t.companyId, [
      { case_id: CASE_ID, status: 'Repossessed', make: 'Ford', assigned_agent_id: 'AG-99' },
    ])
    const page = await timeline(`cases/${CASE_ID}`)
    const agents = page.json.entries.filter((entry: { field: string | null }) => entry.field === 'assigned_agent_id')
    expect(
      agents.map((entry: { oldValue: string | null; newValue: string | null }) => [entry.oldValue, entry.newValue]),
    ).toEqual([
      ['Test recovery_agent', 'RDN agent AG-99'],
      [null, 'Test recovery_agent'],
    ])
  })
})
