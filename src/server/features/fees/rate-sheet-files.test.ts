import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readRateSheet } from '../../../domain/billing/rate-sheet'
import { createTestApp, type TestApp } from '../../test/harness'
import { download, xlsxRows } from '../exports/export-test-helpers'

// A rate card version as a file: exported as CSV or XLSX, and an Excel sheet read back (rate-sheet-file.ts).

let t: TestApp
let manager: Awaited<ReturnType<TestApp['createUser']>>
beforeAll(async () => {
  t = await createTestApp()
  manager = await t.createUser('manager')
  const client = await t.db
    .insertInto('clients')
    .values({ company_id: t.companyId, name: 'Ally Financial', client_code: 'ALLY' })
    .returning('id')
    .executeTakeFirstOrThrow()
  const post = (path: string, body: unknown) => t.request('POST', `/api/fees${path}`, { cookie: manager.cookie, body })
  const card = await post('/rate-cards', { clientId: client.id })
  const version = await post(`/rate-cards/${card.json.rateCard.id}/versions`, {
    effectiveFrom: '2026-01-01',
    storage: { freeDays: 2, dailyCents: 3_500, capCents: 60_000 },
    rows: [
      { feeType: 'Involuntary Repossession', basis: 'flat', amountCents: 35_000, marketAmounts: { Mobile: 40_000 } },
      { feeType: 'Involuntary Repossession', orderType: 'Impound', basis: 'flat', amountCents: 25_000 },
      { feeType: 'Dolly Fee', basis: 'flat', amountCents: 7_500, needsApproval: true },
      { feeType: 'STORAGE', basis: 'per_day', amountCents: 3_500, noPassOnStates: ['GA'] },
    ],
  })
  expect(version.status, JSON.stringify(version.json)).toBe(201)
})
afterAll(() => t?.close())

const get = (path: string) => t.request('GET', `/api/fees${path}`, { cookie: manager.cookie })

/** Sends a file to the rate sheet reader, as the Fee Schedules screen does. */
const upload = (body: Uint8Array) =>
  t.app.fetch(
    new Request('http://localhost:3000/api/fees/rate-sheet', {
      method: 'POST',
      headers: { cookie: manager.cookie, origin: t.config.baseUrl },
      body: new Blob([new Uint8Array(body)]),
    }),
  )

describe('a rate card version as a spreadsheet', () => {
  it('exports a version as CSV and XLSX in the columns its import reads back; 404 for another company or version', async () => {
    const cardId = (await get('/rate-cards')).json.rateCards[0].id
    const card = (await get(`/rate-cards/${cardId}`)).json.rateCard
    const v1 = card.versions.find((version: { version: number }) => version.version === 1)
    const csv = await download(t, `/api/exports/rate-card?format=csv&card=${cardId}&version=1`, manager.cookie)
    expect(csv.status).toBe(200)
    const { rates, problems } = readRateSheet(csv.text)
    expect(problems).toEqual([])
    expect(rates).toEqual(v1.rows)
    const xlsx = await download(t, `/api/exports/rate-card?format=xlsx&card=${cardId}&version=1`, manager.cookie)
    const sheet = await xlsxRows(xlsx.bytes)
    expect(sheet.rows[0].values).toEqual(expect.arrayContaining(['Fee', 'Basis', 'Amount']))
    expect(sheet.rows).toHaveLength(v1.rows.length + 1)
    // The workbook imports back: read on the server as text, then by the one sheet reader.
    const read = await upload(xlsx.bytes)
    expect(read.status).toBe(200)
    const fromExcel = readRateSheet(((await read.json()) as { text: string }).text)
    expect(fromExcel.problems).toEqual([])
    expect(fromExcel.rates).toEqual(v1.rows)
    const notExcel = await upload(new TextEncoder().encode('Fee,Basis,Amount'))
    expect(notExcel.status).toBe(400)
    expect(await notExcel.json()).toMatchObject({
      error: { field: 'file', message: 'This is not an Excel workbook (.xlsx).' },
    })
    expect(
      (await download(t, `/api/exports/rate-card?format=csv&card=${cardId}&version=9`, manager.cookie)).status,
    ).toBe(404)
    const other = await t.createCompany('Other Sheet Co')
    const otherManager = await t.createUser('manager', other)
    expect(
      (await download(t, `/api/exports/rate-card?format=csv&card=${cardId}&version=1`, otherManager.cookie)).status,
    ).toBe(404)
    expect((await download(t, '/api/exports/rate-card?format=csv&card=nope&version=1', manager.cookie)).status).toBe(
      400,
    )
  })
})

describe('Excel rate sheets', () => {
  it('reads a formula by its result, rounded as typed, and an Excel error as the error', async () => {
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Rates')
    sheet.addRow(['Fee', 'Basis', 'Amount'])
    sheet.addRow(['Keys', 'Flat', { formula: '75*1.1', result: 82.50000000000001 }])
    sheet.addRow(['Dolly', 'Flat', { formula: '1/0', result: { error: '#DIV/0!' } }])
    const response = await upload(new Uint8Array(await workbook.xlsx.writeBuffer()))
    const { rates, problems } = readRateSheet(((await response.json()) as { text: string }).text)
    expect(rates).toEqual([expect.objectContaining({ feeType: 'KEYS', amountCents: 8_250 })])
    expect(problems).toEqual([{ line: 3, message: expect.stringContaining('#DIV/0!') }])
  })
})
