import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { draftQueuedInvoices } from '../invoices/drafting'
import {
  agent,
  assignedOrder,
  clientId,
  editOrder,
  fieldManager,
  manager,
  onHook,
  orderStatus,
  otherAgent,
  setUpHoldsApp,
  t,
  uploadFile,
} from './holds-test-kit'

setUpHoldsApp()

const timeline = (orderId: string) =>
  t.db
    .selectFrom('case_timeline')
    .select(['field', 'new_value'])
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .execute()

describe('On-Hook (issue 44)', () => {
  it('the assigned agent records it with GPS and a photo: the order is Repossessed at that moment, on the timeline, the audit log and the field manager’s bell', async () => {
    const order = await assignedOrder()
    const photo = await uploadFile(
      await sharp({ create: { width: 64, height: 48, channels: 3, background: '#333' } })
        .jpeg()
        .toBuffer(),
      'hook.jpg',
    )
    const before = Date.now()
    const recorded = await onHook(order.id, {
      latitude: 33.52,
      longitude: -86.8,
      accuracyM: 12,
      deviceTime: new Date().toISOString(),
      photoFileId: photo,
      address: '100 Main St, Birmingham, AL',
    })
    expect(recorded.status, JSON.stringify(recorded.json)).toBe(201)
    const moment = new Date(recorded.json.recordedAt).getTime()
    expect(Math.abs(moment - before)).toBeLessThan(60_000)
    const after = await orderStatus(order.id)
    expect(after.status).toBe('Repossessed')
    expect(after.repossessed_at?.getTime()).toBe(moment)
    const entries = await timeline(order.id)
    expect(entries.find((entry) => entry.field === 'on_hook')?.new_value).toMatch(
      /^On-Hook at .* with GPS ±12 m and a photo, 100 Main St/,
    )
    expect(entries.find((entry) => entry.field === 'status')?.new_value).toBe('Repossessed')
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `order:${order.id}`)
      .execute()
    expect(audit.map((row) => row.action)).toContain('case.on_hook')
    const notices = await t.db
      .selectFrom('notifications')
      .select(['kind', 'message'])
      .where('profile_id', '=', fieldManager.profileId)
      .where('order_id', '=', order.id)
      .execute()
    expect(notices).toEqual([
      { kind: 'on_hook', message: expect.stringContaining(`${order.case_number} was recovered at`) },
    ])
    const record = await t.request('GET', `/api/recovery/cases/orders/${order.id}`, { cookie: agent.cookie })
    expect(record.json.acts).toEqual([
      expect.objectContaining({
        kind: 'on_hook',
        latitude: 33.52,
        longitude: -86.8,
        accuracy_m: 12,
        photo_file_id: photo,
      }),
    ])
  })

  it('one moment reaches the draft invoice, its storage start and the agent’s recovery (the pay line’s source)', async () => {
    const order = await assignedOrder()
    const recorded = await onHook(order.id)
    const moment = new Date(recorded.json.recordedAt).getTime()
    await draftQueuedInvoices(t.db, t.companyId)
    const invoice = await t.db
      .selectFrom('invoices')
      .select(['repossessed_at', 'storage_started_at', 'status'])
      .where('case_key', '=', `order:${order.id}`)
      .executeTakeFirstOrThrow()
    expect(invoice.status).toBe('draft')
    expect(invoice.repossessed_at?.getTime()).toBe(moment)
    const completion = await t.db
      .selectFrom('repo_completions')
      .select(['agent_id', 'completed_at'])
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow()
    expect([completion.agent_id, completion.completed_at.getTime()]).toEqual([agent.profileId, moment])
  })

  it('refuses a second On-Hook, an edit of the recorded act, and another agent’s On-Hook', async () => {
    const order = await assignedOrder()
    expect((await onHook(order.id, {}, otherAgent.cookie)).status).toBe(404)
    expect((await onHook(order.id)).status).toBe(201)
    const again = await onHook(order.id)
    expect(again.status).toBe(409)
    expect(again.json.error.message).toMatch(
      /^This case is already on the hook at .*: correct it with a reason instead\.$/,
    )
    await expect(
      t.db.updateTable('recovery_acts').set({ address: 'elsewhere' }).where('order_id', '=', order.id).execute(),
    ).rejects.toThrow(/never edited/)
  })

  it('refuses bad input naming the field: a position out of range, half a position, a photo that is not an image, none where the client wants one', async () => {
    const order = await assignedOrder()
    const outOfRange = await onHook(order.id, { latitude: 91, longitude: 0 })
    expect([outOfRange.status, outOfRange.json.error.field]).toEqual([400, 'latitude'])
    const half = await onHook(order.id, { latitude: 33 })
    expect([half.status, half.json.error.field]).toEqual([400, 'longitude'])
    const pdf = await uploadFile(Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'), 'release.pdf')
    const notImage = await onHook(order.id, { photoFileId: pdf })
    expect([notImage.status, notImage.json.error.field]).toEqual([400, 'photoFileId'])
    await t.db.updateTable('clients').set({ on_hook_photo_required: true }).where('id', '=', clientId).execute()
    try {
      const noPhoto = await onHook(order.id, {})
      expect([noPhoto.status, noPhoto.json.error.message]).toEqual([
        400,
        'This client wants a photo with every On-Hook (Yes with photo): add one.',
      ])
    } finally {
      await t.db.updateTable('clients').set({ on_hook_photo_required: false }).where('id', '=', clientId).execute()
    }
    expect((await orderStatus(order.id)).status).toBe('Open')
  })

  it('a Yield needs a reason and an address, and leaves the case open', async () => {
    const order = await assignedOrder()
    const path = `/api/recovery/cases/orders/${order.id}/yield`
    const noReason = await t.request('POST', path, { cookie: agent.cookie, body: { address: '1 Elm St' } })
    expect([noReason.status, noReason.json.error.field]).toEqual([400, 'reason'])
    const saved = await t.request('POST', path, {
      cookie: agent.cookie,
      body: { reason: 'vacant', address: '1 Elm St', latitude: 33.5, longitude: -86.8 },
    })
    expect(saved.status, JSON.stringify(saved.json)).toBe(201)
    expect((await orderStatus(order.id)).status).toBe('Open')
    expect((await timeline(order.id)).map((entry) => entry.new_value)).toContain('Yield at 1 Elm St: Vacant with GPS')
  })

  it('a correction is a new entry with its reason, on the timeline', async () => {
    const order = await assignedOrder()
    const recorded = await onHook(order.id, { address: '1 Wrong St' })
    const corrected = await t.request('POST', `/api/recovery/acts/${recorded.json.id}/corrections`, {
      cookie: manager.cookie,
      body: { reason: 'Typed the wrong street', address: '1 Right St' },
    })
    expect(corrected.status, JSON.stringify(corrected.json)).toBe(201)
    const record = await t.request('GET', `/api/recovery/cases/orders/${order.id}`, { cookie: manager.cookie })
    expect(
      record.json.acts.map((act: { address: string; correction_reason: string | null }) => [
        act.address,
        act.correction_reason,
      ]),
    ).toEqual([
      ['1 Wrong St', null],
      ['1 Right St', 'Typed the wrong street'],
    ])
    const noReason = await t.request('POST', `/api/recovery/acts/${recorded.json.id}/corrections`, {
      cookie: manager.cookie,
      body: { address: 'x' },
    })
    expect([noReason.status, noReason.json.error.field]).toEqual([400, 'reason'])
  })
})

describe('a stopped case (issue 44)', () => {
  it('refuses an On-Hook with the hold’s story, and the order edit’s move to Repossessed and assignment', async () => {
    const order = await assignedOrder()
    const held = await editOrder(order, { status: 'On Hold', hold_reason: 'Bankruptcy filed' })
    expect(held.status, JSON.stringify(held.json)).toBe(200)
    const refused = await onHook(order.id)
    expect(refused.status).toBe(409)
    expect(refused.json.error.message).toMatch(
      /^This case was put on hold at \d{1,2}:\d{2} [AP]M by Test manager: do not recover\. Reason: Bankruptcy filed$/,
    )
    const moved = await editOrder(order, { status: 'Repossessed' })
    expect([moved.status, moved.json.error.message]).toEqual([409, refused.json.error.message])
    const assigned = await editOrder(order, { assigned_agent_id: otherAgent.profileId })
    expect(assigned.status).toBe(409)
    expect(await orderStatus(order.id)).toEqual({ status: 'On Hold', repossessed_at: null })
    // Lifted: the work goes on.
    expect((await editOrder(order, { status: 'Open' })).status).toBe(200)
    expect((await onHook(order.id)).status).toBe(201)
    const holds = await t.db
      .selectFrom('case_holds')
      .select(['reason', 'source', 'lifted_at'])
      .where('order_id', '=', order.id)
      .execute()
    expect(holds).toEqual([{ reason: 'Bankruptcy filed', source: 'person', lifted_at: expect.any(Date) }])
  })

  it('tells the agent, the camera car driver and the field manager at once, urgent, with the reason', async () => {
    const order = await assignedOrder()
    await editOrder(order, { status: 'On Hold', hold_reason: 'Paid in full' })
    const notices = await t.db
      .selectFrom('notifications')
      .select(['profile_id', 'kind', 'message'])
      .where('order_id', '=', order.id)
      .where('kind', '=', 'hold')
      .execute()
    expect(notices.map((notice) => notice.profile_id).sort()).toEqual(
      [
        agent.profileId,
        fieldManager.profileId,
        (
          await t.db
            .selectFrom('orders')
            .select('assigned_camera_driver_id')
            .where('id', '=', order.id)
            .executeTakeFirstOrThrow()
        ).assigned_camera_driver_id,
      ].sort(),
    )
    expect(notices[0].message).toBe(`HOLD: do not recover order ${order.case_number} (On Hold): Paid in full`)
  })

  it('a hold arriving after the recovery leaves it Repossessed and is flagged, never silent', async () => {
    const order = await assignedOrder()
    expect((await onHook(order.id)).status).toBe(201)
    const held = await editOrder(order, { status: 'On Hold', hold_reason: 'Late hold' })
    expect(held.status).toBe(200)
    expect(held.json.hold_arrived_after_recovery).toBe(true)
    expect((await orderStatus(order.id)).status).toBe('Repossessed')
    const holds = await t.db
      .selectFrom('case_holds')
      .select(['arrived_after_recovery', 'reason'])
      .where('order_id', '=', order.id)
      .execute()
    expect(holds).toEqual([{ arrived_after_recovery: true, reason: 'Late hold' }])
  })
})
