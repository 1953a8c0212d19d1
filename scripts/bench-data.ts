// What the benchmarks share: a scratch database, generated cases, and timing.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type Kysely, sql } from 'kysely'
import type { DatabaseTarget } from '../src/server/db/connect'
import type { DB } from '../src/server/db/schema'
import { createScratchPostgresDatabase } from '../src/server/db/scratch-database'

/** A throwaway database: on the server at `serverUrl` when given, else embedded PGlite in a temporary directory. */
export async function scratchTarget(
  serverUrl: string | undefined,
): Promise<{ target: DatabaseTarget; drop: () => Promise<void> }> {
  if (!serverUrl) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recovery-desk-bench-'))
    return {
      target: { kind: 'pglite', dataDir },
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    }
  }
  const { url, drop } = await createScratchPostgresDatabase(serverUrl, 'recovery_desk_bench')
  return { target: { kind: 'postgres', url }, drop }
}

/** `rows` generated RDN cases of a company, spread over statuses, markets, lenders, agents, dates and lots. */
export async function generateCases(db: Kysely<DB>, companyId: string, rows: number) {
  const batch = 100_000
  for (let start = 0; start < rows; start += batch) {
    const end = Math.min(rows, start + batch)
    await sql`
      insert into rdn_cases (company_id, case_id, case_number, status, substatus, make, model, year, color, vin,
        order_date, lender_name, debtor_name, debtor_zip, detected_market, market_confidence, market_detection_method,
        assigned_agent_id, repo_date, storage_location_name, updated_at)
      select ${companyId}::uuid, 10000000 + g, 'RDN-' || (10000000 + g),
        (array['Open','Open','Open','Closed','Repossessed','Need Info','On Hold','Pending Close'])[1 + g % 8],
        case when g % 4 = 0 then 'Keys Requested|Close Fee Requested' when g % 4 = 1 then 'Skip Trace In Progress' end,
        (array['Toyota','Honda','Ford','Chevrolet','Nissan','Dodge','Jeep','Hyundai','Kia','GMC'])[1 + g % 10],
        (array['Camry','Accord','F-150','Silverado','Altima','Charger','Wrangler','Elantra','Optima','Sierra'])[1 + (g / 10) % 10],
        2008 + g % 17,
        (array['Black','White','Silver','Gray','Red','Blue'])[1 + g % 6],
        upper(substr(md5(g::text), 1, 17)),
        date '2026-11-01' - (g % 1500),
        (array['Ally Financial','Santander Consumer USA','Capital One Auto Finance','Westlake Financial','Credit Acceptance'])[1 + g % 5],
        (array['James','Mary','Robert','Patricia','John','Jennifer','Michael','Linda'])[1 + g % 8] || ' ' ||
          (array['Smith','Johnson','Williams','Brown','Jones','Garcia','Miller','Davis','Rodriguez','Martinez'])[1 + (g / 8) % 10] || ' ' || g,
        '352' || lpad((g % 100)::text, 2, '0'),
        (array['Birmingham','Mobile','Montgomery','Phenix City','Union City','Unknown'])[1 + (g / 7) % 6], 95, 'debtor_zip',
        'AGENT-' || (g % 200),
        case when g % 8 = 4 then date '2026-11-20' - (g % 400) end,
        case when g % 8 = 4 then (array['Birmingham Storage Yard','Mobile Lot 2','Manheim Birmingham','Montgomery Yard'])[1 + g % 4] end,
        timestamptz '2026-11-20' - make_interval(hours => g % 2000)
      from generate_series(${start + 1}::int, ${end}::int) g`.execute(db)
    process.stdout.write(`\r  generated ${end.toLocaleString('en-US')} cases`)
  }
  process.stdout.write('\n')
  await sql`analyze rdn_cases`.execute(db)
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

export async function time(run: () => Promise<unknown>, runs: number): Promise<number[]> {
  const samples: number[] = []
  for (let index = 0; index < runs; index++) {
    const started = performance.now()
    await run()
    samples.push(performance.now() - started)
  }
  return samples
}
