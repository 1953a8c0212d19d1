import { createTestApp, type TestApp } from '../../test/harness'

export type ImportTestUser = Awaited<ReturnType<TestApp['createUser']>>

export const HEADER = [
  'Case Number',
  'Client Name',
  'Lienholder Name',
  'Last Name, First Name',
  'VIN',
  'Make',
  'Model',
  'Year',
  'Order Date',
  'Close Date',
  'Repo Date',
  'Status',
  'Sub-Status',
  'Address',
  'City',
  'State',
  'Home Zip',
  'Home Phone',
  "Borrower's Work Addresses",
  'Recovery Address',
  'Recovery City',
  'Recovery State',
  'Recovery Zip',
  'Repo Type',
  'Recovery Time',
  'Keys',
].join('\t')

export type RowValues = Partial<
  Record<
    | 'case'
    | 'client'
    | 'lien'
    | 'name'
    | 'vin'
    | 'make'
    | 'model'
    | 'year'
    | 'orderDate'
    | 'status'
    | 'sub'
    | 'zip'
    | 'city'
    | 'state'
    | 'work'
    | 'keys',
    string
  >
>

export function line(values: RowValues): string {
  const v = {
    case: 'C-1',
    client: 'Ally Financial',
    lien: 'Ally Bank',
    name: 'Reyes, Jordan',
    vin: '1HGCM82633A004352',
    make: 'Honda',
    model: 'Accord',
    year: '2003',
    orderDate: '3/4/25',
    status: 'Open',
    sub: '',
    zip: '36602',
    city: 'Mobile',
    state: 'AL',
    work: '1 Water St, Mobile, AL 36602',
    keys: 'No',
    ...values,
  }
  return [
    v.case,
    v.client,
    v.lien,
    v.name,
    v.vin,
    v.make,
    v.model,
    v.year,
    v.orderDate,
    '',
    '',
    v.status,
    v.sub,
    '410 Dauphin St',
    v.city,
    v.state,
    v.zip,
    '(251) 555-0100',
    v.work,
    '',
    '',
    '',
    '',
    '',
    '',
    v.keys,
  ].join('\t')
}
export const paste = (...rows: RowValues[]) => [HEADER, ...rows.map(line)].join('\n')

export const settings = { skipDuplicates: true, autoCreateClients: false, randomizeNames: false }

export type ImportSettings = typeof settings
export type RunImport = ReturnType<typeof createImportRunner>

/** POSTs a paste to /api/import/orders and reads the streamed events; `cookie` defaults to the given user's. */
export function createImportRunner(t: TestApp, user: ImportTestUser) {
  return async function runImport(text: string, options: ImportSettings = settings, cookie = user.cookie) {
    const response = await t.request('POST', '/api/import/orders', { cookie, body: { text, settings: options } })
    const events =
      typeof response.json === 'string'
        ? (response.json as string)
            .trim()
            .split('\n')
            .map((l) => JSON.parse(l))
        : [response.json]
    return { status: response.status, events, done: events.at(-1) }
  }
}

/**
 * A fresh app with an admin, two clients, two sub-statuses, a market ZIP (36602 -> Mobile) and
 * a Montgomery lot: the data every import test file starts from.
 */
export async function setUpImportTest() {
  const t = await createTestApp()
  const admin = await t.createUser('admin')
  await t.db
    .insertInto('clients')
    .values([
      { company_id: t.companyId, name: 'Ally Financial', lienholder_name: 'Ally Bank', client_code: 'ALLFIN-ALBA' },
      {
        company_id: t.companyId,
        name: 'Westlake Financial Services',
        lienholder_name: null,
        client_code: 'WESFINSER-',
      },
    ])
    .execute()
  await t.db
    .insertInto('sub_statuses')
    .values([
      { company_id: t.companyId, code: 'CLOSE_FEE', description: 'Close Fee Requested' },
      { company_id: t.companyId, code: 'KEYS_REQUESTED', description: 'Keys Requested' },
    ])
    .execute()
  await t.db
    .insertInto('market_zip_codes')
    .values({ company_id: t.companyId, zip_code: '36602', market: 'Mobile' })
    .execute()
  await t.db
    .insertInto('market_lots')
    .values({
      company_id: t.companyId,
      market: 'Montgomery',
      name: 'Montgomery Lot',
      latitude: 32.3668,
      longitude: -86.3,
    })
    .execute()
  return { t, admin, runImport: createImportRunner(t, admin) }
}
