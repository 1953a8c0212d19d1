import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'

let t: TestApp
let manager: Awaited<ReturnType<TestApp['createUser']>>

// A real 1x1 PNG, as a canvas would give.
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

beforeAll(async () => {
  t = await createTestApp()
  manager = await t.createUser('compliance_manager')
})
afterAll(() => t?.close())

async function newDocument(cookie = manager.cookie) {
  const type = await t.request('POST', '/api/compliance/document-types', {
    cookie,
    body: { name: `Agent Agreement ${Math.random()}`, category: 'Contracts' },
  })
  expect(type.status).toBe(201)
  const document = await t.request('POST', '/api/compliance/documents', {
    cookie,
    body: {
      documentTypeId: type.json.type.id,
      effectiveDate: daysFromNow(-30),
      expirationDate: daysFromNow(365),
      notes: 'Annual',
    },
  })
  expect(document.status).toBe(201)
  return document.json.document.id as string
}

async function newRequest(documentId: string, expiresInDays = 7) {
  const created = await t.request('POST', `/api/compliance/documents/${documentId}/signature-requests`, {
    cookie: manager.cookie,
    body: { recipientName: 'Riley Signer', recipientEmail: 'riley@example.com', expiresInDays },
  })
  expect(created.status).toBe(201)
  const token = created.json.link.split('/signature/')[1] as string
  return { id: created.json.id as string, token, link: created.json.link as string }
}

const open = (token: string) => t.request('GET', `/api/public/signatures/${token}`)
const sign = (token: string, body: Record<string, unknown> = {}) =>
  t.request('POST', `/api/public/signatures/${token}`, {
    body: { signerName: 'Riley Signer', notes: 'Read and agreed', signatureImage: PNG, ...body },
    ip: '203.0.113.9',
  })

describe('signature requests', () => {
  it('mails a link with a 256-bit token, stored only hashed; opening it changes nothing', async () => {
    const request = await newRequest(await newDocument())
    expect(request.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const stored = await t.db
      .selectFrom('document_signature_requests')
      .selectAll()
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow()
    expect(JSON.stringify(stored)).not.toContain(request.token)
    const mail = await t.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', 'riley@example.com')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow()
    expect(mail.text_body).toContain(request.link)
    const first = await open(request.token)
    const second = await open(request.token)
    expect(first.status).toBe(200)
    expect(second.json).toEqual(first.json)
    expect(first.json).toMatchObject({
      state: 'valid',
      recipientName: 'Riley Signer',
      document: { category: 'Contracts' },
    })
  })

  it('signs once: request and document signed, signature_data as SPEC.md writes it, a record hash, an audit row', async () => {
    const documentId = await newDocument()
    const request = await newRequest(documentId)
    const signed = await sign(request.token)
    expect(signed.status).toBe(200)
    const row = await t.db
      .selectFrom('document_signature_requests')
      .selectAll()
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      status: 'signed',
      signer_name: 'Riley Signer',
      signed_ip: '203.0.113.9',
      signature_image_url: PNG,
    })
    expect(row.record_hash).toMatch(/^[0-9a-f]{64}$/)
    const document = await t.db
      .selectFrom('compliance_documents')
      .selectAll()
      .where('id', '=', documentId)
      .executeTakeFirstOrThrow()
    expect(document.status).toBe('signed')
    expect(document.signature_data).toMatchObject({
      signer_name: 'Riley Signer',
      signature_image_url: PNG,
      notes: 'Read and agreed',
      signed_via: 'email_link',
    })
    expect((await open(request.token)).json).toMatchObject({ state: 'signed', signerName: 'Riley Signer' })
    const again = await sign(request.token, { signerName: 'Someone Else' })
    expect(again.status).toBe(409)
    expect(again.json.error.message).toBe('This signature request is no longer valid or has expired.')
    const unchanged = await t.db
      .selectFrom('document_signature_requests')
      .select('signer_name')
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow()
    expect(unchanged.signer_name).toBe('Riley Signer')
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `signature_request:${request.id}`)
      .execute()
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['signature.requested', 'signature.signed']),
    )
  })

  it('detects a signed record altered afterwards', async () => {
    const request = await newRequest(await newDocument())
    await sign(request.token)
    const verify = () =>
      t.request('GET', `/api/compliance/signature-requests/${request.id}/verification`, { cookie: manager.cookie })
    expect((await verify()).json).toEqual({ signed: true, intact: true })
    await t.db
      .updateTable('document_signature_requests')
      .set({ signer_name: 'Mallory' })
      .where('id', '=', request.id)
      .execute()
    expect((await verify()).json).toEqual({ signed: true, intact: false })
    await t.db
      .updateTable('document_signature_requests')
      .set({ signer_name: 'Riley Signer' })
      .where('id', '=', request.id)
      .execute()
    expect((await verify()).json).toEqual({ signed: true, intact: true })
    // What the signer was shown is covered too: the document's dates.
    const { compliance_document_id: documentId } = await t.db
      .selectFrom('document_signature_requests')
      .select('compliance_document_id')
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow()
    await t.db
      .updateTable('compliance_documents')
      .set({ expiration_date: '2099-01-01' })
      .where('id', '=', documentId)
      .execute()
    expect((await verify()).json).toEqual({ signed: true, intact: false })
  })

  it('signs a document once even when it was sent twice: the other link stops working', async () => {
    const documentId = await newDocument()
    const first = await newRequest(documentId)
    const second = await newRequest(documentId)
    expect((await sign(first.token)).status).toBe(200)
    expect((await open(second.token)).status).toBe(404)
    const late = await sign(second.token, { signerName: 'Late Signer' })
    expect(late.status).toBe(409)
    const document = await t.db
      .selectFrom('compliance_documents')
      .select('signature_data')
      .where('id', '=', documentId)
      .executeTakeFirstOrThrow()
    expect(document.signature_data).toMatchObject({ signer_name: 'Riley Signer' })
    const again = await t.request('POST', `/api/compliance/documents/${documentId}/signature-requests`, {
      cookie: manager.cookie,
      body: { recipientName: 'X', recipientEmail: 'x@example.com', expiresInDays: 3 },
    })
    expect(again.status).toBe(409)
  })

  it('signs once under a concurrent double submit', async () => {
    const request = await newRequest(await newDocument())
    const results = await Promise.all([sign(request.token), sign(request.token, { signerName: 'Twin' })])
    expect(results.map((result) => result.status).sort()).toEqual([200, 409])
  })

  it('refuses unknown, expired and revoked tokens on load and on submit', async () => {
    const unknown = 'A'.repeat(43)
    expect((await open(unknown)).json.error.message).toBe('Invalid or expired signature link')
    expect((await open('short')).status).toBe(404)
    expect((await sign(unknown)).status).toBe(409)

    const expired = await newRequest(await newDocument())
    await t.db
      .updateTable('document_signature_requests')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expired.id)
      .execute()
    const expiredLoad = await open(expired.token)
    expect(expiredLoad.status).toBe(410)
    expect(expiredLoad.json.error.message).toBe('This signature request has expired')
    expect((await sign(expired.token)).status).toBe(409)

    const revoked = await newRequest(await newDocument())
    const revoke = await t.request('POST', `/api/compliance/signature-requests/${revoked.id}/revoke`, {
      cookie: manager.cookie,
    })
    expect(revoke.status).toBe(200)
    expect((await open(revoked.token)).status).toBe(404)
    expect((await sign(revoked.token)).status).toBe(409)
    const revokedDocument = await t.db
      .selectFrom('document_signature_requests as request')
      .innerJoin('compliance_documents as document', 'document.id', 'request.compliance_document_id')
      .select('document.status')
      .where('request.id', '=', revoked.id)
      .executeTakeFirstOrThrow()
    expect(revokedDocument.status).toBe('pending')
    const revokeAgain = await t.request('POST', `/api/compliance/signature-requests/${revoked.id}/revoke`, {
      cookie: manager.cookie,
    })
    expect(revokeAgain.status).toBe(409)
  })

  it('refuses a blank name, a non-image and an oversized signature, signing nothing', async () => {
    const request = await newRequest(await newDocument())
    const blank = await sign(request.token, { signerName: '   ' })
    expect(blank.status).toBe(400)
    expect(blank.json.error.message).toBe('Please enter your name.')
    const svg = await sign(request.token, { signatureImage: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' })
    expect(svg.json.error.message).toBe('The signature must be a PNG image.')
    const fake = await sign(request.token, {
      signatureImage: `data:image/png;base64,${Buffer.from('not a png').toString('base64')}`,
    })
    expect(fake.json.error.message).toBe('The signature must be a PNG image.')
    // A real PNG header claiming 20,000 x 20,000 pixels: refused before any browser decodes it.
    const header = Buffer.from(PNG.split(',')[1], 'base64')
    header.writeUInt32BE(20_000, 16)
    header.writeUInt32BE(20_000, 20)
    const bomb = await sign(request.token, { signatureImage: `data:image/png;base64,${header.toString('base64')}` })
    expect(bomb.json.error.message).toBe('The signature image must be at most 800 by 200 pixels.')
    const huge = await sign(request.token, { signatureImage: `data:image/png;base64,${'A'.repeat(500_000)}` })
    expect(huge.status).toBe(400)
    expect((await open(request.token)).json.state).toBe('valid')
  })

  it("shows another company's compliance manager nothing, and other roles are refused", async () => {
    await newDocument()
    const outsider = await t.createUser('compliance_manager', await t.createCompany('Elsewhere'))
    const listed = await t.request('GET', '/api/compliance/documents', { cookie: outsider.cookie })
    expect(listed.json.documents).toEqual([])
    const mine = await t.request('GET', '/api/compliance/documents', { cookie: manager.cookie })
    const someId = mine.json.documents[0].id
    const foreign = await t.request('POST', `/api/compliance/documents/${someId}/signature-requests`, {
      cookie: outsider.cookie,
      body: { recipientName: 'X', recipientEmail: 'x@example.com', expiresInDays: 3 },
    })
    expect(foreign.status).toBe(404)
    const agent = await t.createUser('recovery_agent')
    expect((await t.request('GET', '/api/compliance/documents', { cookie: agent.cookie })).status).toBe(403)
  })

  it('lists by status and the documents expiring within 30 days', async () => {
    const types = await t.request('GET', '/api/compliance/document-types', { cookie: manager.cookie })
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10)
    const created = await t.request('POST', '/api/compliance/documents', {
      cookie: manager.cookie,
      body: { documentTypeId: types.json.types[0].id, expirationDate: soon },
    })
    const yearZero = await t.request('POST', '/api/compliance/documents', {
      cookie: manager.cookie,
      body: { documentTypeId: types.json.types[0].id, expirationDate: '0000-01-05' },
    })
    expect(yearZero.status).toBe(400)
    const expiring = await t.request('GET', '/api/compliance/documents?expiringSoon=true', { cookie: manager.cookie })
    expect(expiring.json.documents.map((d: { id: string }) => d.id)).toEqual([created.json.document.id])
    const signed = await t.request('GET', '/api/compliance/documents?status=signed', { cookie: manager.cookie })
    expect(signed.json.documents.every((d: { status: string }) => d.status === 'signed')).toBe(true)
    expect(signed.json.documents[0].requests[0]).toMatchObject({ status: 'signed', signer_name: expect.any(String) })
  })
})
