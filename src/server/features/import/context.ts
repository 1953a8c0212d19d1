import { type Kysely, sql } from 'kysely'
import { generateClientCode } from '../../../domain/clients/client-code'
import {
  type ClientMatch,
  type KnownClient,
  matchClient,
  type PreparedClients,
  prepareClients,
} from '../../../domain/import/clients'
import type { ActiveLot } from '../../../domain/import/market'
import type { KnownSubStatus } from '../../../domain/import/sub-status'
import type { DB } from '../../db/schema'

/** The key of one case number's link to one sub-status code. */
export const subStatusLinkKey = (caseNumber: string, code: string) => `${caseNumber}\u0000${code}`

/**
 * What every row of one import is checked against, read once per run (not once per row):
 * the company's clients, client codes, active sub-statuses, ZIP table, active lots, and the
 * active sub-status links of the pasted case numbers.
 */
export async function loadImportContext(db: Kysely<DB>, companyId: string, pastedCaseNumbers: string[]) {
  const caseNumbers = [...new Set(pastedCaseNumbers.filter(Boolean))]
  const [clients, codes, subStatuses, zips, lots, links] = await Promise.all([
    db
      .selectFrom('clients')
      .select(['id', 'name', 'lienholder_name'])
      .where('company_id', '=', companyId)
      .where('active', '=', true)
      .execute(),
    db.selectFrom('clients').select('client_code').where('company_id', '=', companyId).execute(),
    db
      .selectFrom('sub_statuses')
      .select(['code', 'description'])
      .where('company_id', '=', companyId)
      .where('active', '=', true)
      .execute(),
    db
      .selectFrom('market_zip_codes')
      .select(['zip_code', 'market'])
      .where('company_id', '=', companyId)
      .where('active', '=', true)
      .execute(),
    db
      .selectFrom('market_lots')
      .select(['market', 'latitude', 'longitude'])
      .where('company_id', '=', companyId)
      .where('active', '=', true)
      .execute(),
    db
      .selectFrom('order_sub_statuses')
      .select(['case_number', 'sub_status_code'])
      .where('company_id', '=', companyId)
      .where('active', '=', true)
      .where(sql<boolean>`case_number = any(${caseNumbers}::text[])`)
      .execute(),
  ])
  return {
    /** Grows as batches commit their links. */
    subStatusLinks: new Set(links.map((link) => subStatusLinkKey(link.case_number, link.sub_status_code))),
    clients: new ClientDirectory(clients, new Set(codes.map((row) => row.client_code))),
    subStatuses: subStatuses as KnownSubStatus[],
    zipTable: new Map(zips.map((row) => [row.zip_code, row.market])),
    lots: lots
      .filter((lot) => lot.latitude !== null && lot.longitude !== null)
      .map((lot) => ({
        market: lot.market,
        latitude: Number(lot.latitude),
        longitude: Number(lot.longitude),
      })) as ActiveLot[],
  }
}
export type ImportContext = Awaited<ReturnType<typeof loadImportContext>>

/** The company's clients as the import matches them, growing as it creates new ones. */
export class ClientDirectory {
  prepared: PreparedClients
  private readonly clients: KnownClient[]
  private readonly codes: Set<string>
  private readonly matches = new Map<string, ClientMatch>()

  constructor(clients: KnownClient[], codes: Set<string>) {
    this.clients = [...clients]
    this.codes = codes
    this.prepared = prepareClients(this.clients)
  }

  get count() {
    return this.clients.length
  }

  /** SPEC.md section 9's client code, made unique in the company with a numeric suffix. */
  uniqueCode(name: string, lienholder: string | null, alsoTaken: ReadonlySet<string> = new Set()): string {
    const base = generateClientCode(name, lienholder)
    let code = base
    for (let suffix = 2; this.codes.has(code) || alsoTaken.has(code); suffix++) {
      const tail = `-${suffix}`
      code = `${base.slice(0, 20 - tail.length)}${tail}`
    }
    return code
  }

  /** SPEC.md section 5's client match, worked out once per distinct name and lienholder. */
  match(name: string, lienholder: string | null): ClientMatch {
    const key = `${name}\u0000${lienholder ?? '\u0001'}`
    let found = this.matches.get(key)
    if (!found) {
      found = matchClient(this.prepared, name, lienholder)
      this.matches.set(key, found)
    }
    return found
  }

  /** Called once the transaction that created the client has committed. */
  add(client: KnownClient, code: string) {
    this.clients.push(client)
    this.codes.add(code)
    this.prepared = prepareClients(this.clients)
    this.matches.clear()
  }
}
