import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { addressKey } from '../../../domain/geo/address-key'
import { agent, assignedOrder, manager, setUpHoldsApp, t, uploadFile } from './holds-test-kit'

setUpHoldsApp()

const note = (orderId: string, body: unknown, cookie = agent.cookie) =>
  t.request('POST', `/api/timeline/orders/${orderId}/notes`, { cookie, body })

describe('evidence on Agent Updates (issue 44)', () => {
  it('keeps the device’s GPS, clock and photo, and shows how far it was from the case’s nearest placed address', async () => {
    const order = await assignedOrder()
    await t.db
      .updateTable('orders')
      .set({
        borrower_address: '100 Main St',
        borrower_city: 'Birmingham',
        borrower_state: 'AL',
        borrower_zip: '35203',
      })
      .where('id', '=', order.id)
      .execute()
    await t.db
      .insertInto('address_places')
      .values({
        company_id: t.companyId,
        address_key: addressKey('100 Main St, Birmingham, AL 35203'),
        found: true,
        latitude: 33.5186,
        longitude: -86.8104,
      })
      .execute()
    const photo = await uploadFile(
      await sharp({ create: { width: 32, height: 32, channels: 3, background: '#123' } })
        .png()
        .toBuffer(),
      'door.png',
    )
    const saved = await note(order.id, {
      type: 'Agent Update',
      body: 'Knocked, no answer; vehicle not at the house.',
      evidence: {
        latitude: 33.52,
        longitude: -86.81,
        accuracyM: 8,
        deviceTime: '2026-11-27T20:00:00Z',
        photoFileId: photo,
      },
    })
    expect(saved.status, JSON.stringify(saved.json)).toBe(201)
    const page = await t.request('GET', `/api/timeline/orders/${order.id}`, { cookie: manager.cookie })
    const update = page.json.entries.find((entry: { noteType: string }) => entry.noteType === 'Agent Update')
    expect(update.evidence).toEqual({
      latitude: 33.52,
      longitude: -86.81,
      accuracyM: 8,
      deviceTime: '2026-11-27T20:00:00Z',
      photoFileId: photo,
      distance: '0.1 mi from the home address',
    })
  })

  it('refuses evidence on other notes, a position out of range, a file that is not an image', async () => {
    const order = await assignedOrder()
    const office = await note(
      order.id,
      { type: 'Office Note', body: 'x', evidence: { latitude: 1, longitude: 1 } },
      manager.cookie,
    )
    expect([office.status, office.json.error.field]).toEqual([400, 'evidence'])
    const range = await note(order.id, { type: 'Agent Update', body: 'x', evidence: { latitude: -91, longitude: 1 } })
    expect([range.status, range.json.error.field]).toEqual([400, 'evidence.latitude'])
    const pdf = await uploadFile(Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'), 'a.pdf')
    const notImage = await note(order.id, { type: 'Agent Update', body: 'x', evidence: { photoFileId: pdf } })
    expect([notImage.status, notImage.json.error.field]).toEqual([400, 'evidence.photoFileId'])
    const plain = await note(order.id, { type: 'Agent Update', body: 'No evidence today.' })
    expect(plain.status).toBe(201)
    expect(plain.json.entry.evidence).toBeNull()
  })

  it('the board’s agent figures count the share of their Agent Updates with evidence', async () => {
    const figures = await t.request('GET', '/api/assignments/figures', { cookie: manager.cookie })
    const mine = figures.json.agents.find((row: { id: string }) => row.id === agent.profileId)
    // The two tests above: one update with GPS and a photo, one plain.
    expect(mine).toMatchObject({ updates: 2, updatesWithEvidence: 1 })
  })
})
