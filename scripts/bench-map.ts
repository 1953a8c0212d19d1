// npm run bench:map [-- --cases N]
// Issue 19's figure: the Case Location Map's data request for 100,000 open cases <= 1 MB and
// p95 <= 200 ms on PostgreSQL. N open cases (default 100,000: two thirds orders, a third RDN
// cases) over every US ZIP the offline geocoder knows, weighted to the Gulf Coast markets, read
// through the real service at the zooms a person uses: the whole country, a state, a city, a
// street; then the recent recoveries layer (a tenth of the cases recovered over 60 days) and a
// drawn area's selection. On PostgreSQL when BENCH_DATABASE_URL (a server the bench may create
// databases on) is set, else on embedded PGlite in a temporary directory.
import { sql } from 'kysely'
import type zipcodesModule from 'zipcodes'
import { activityQuerySchema } from '../src/domain/map/layers-query'
import { mapQuerySchema } from '../src/domain/map/map-query'
import type { AppDeps, Viewer } from '../src/server/app-env'
import { connectDatabase } from '../src/server/db/connect'
import { migrateToLatest } from '../src/server/db/migrate'
import { mapActivity } from '../src/server/features/map/activity-service'
import { mapSelection } from '../src/server/features/map/selection'
import { mapCases } from '../src/server/features/map/service'
import { lazyRequire } from '../src/server/lib/lazy-require'
import { percentile, scratchTarget, time } from './bench-data'

const RUNS = 50
const casesArg = process.argv.indexOf('--cases')
const total = casesArg > 0 ? Number(process.argv[casesArg + 1]) : 100_000
const serverUrl = process.env.BENCH_DATABASE_URL
const zipcodes = lazyRequire<typeof zipcodesModule>('zipcodes')

const allZips = (Object.values(zipcodes().codes) as { zip: string; country: string; latitude: number }[])
  .filter((code) => code.country === 'US' && code.latitude)
  .map((code) => code.zip)
const gulf = allZips.filter((zip) => /^(36|35|39|32)/.test(zip))

const { target, drop } = await scratchTarget(serverUrl)
const database = await connectDatabase(target)
try {
  const { db } = database
  console.log(
    `Map benchmark on ${target.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${total.toLocaleString('en-US')} open cases`,
  )
  await migrateToLatest(db)
  const company = await db
    .insertInto('companies')
    .values({ name: 'Bench Co' })
    .returning('id')
    .executeTakeFirstOrThrow()
  // Half the cases on the Gulf Coast, half anywhere in the country.
  const zipOf = (n: number) => (n % 2 ? gulf[n % gulf.length] : allZips[(n * 7919) % allZips.length])
  const orders = Math.round((total * 2) / 3)
  for (let start = 0; start < total; start += 20_000) {
    const end = Math.min(total, start + 20_000)
    const zips = Array.from({ length: end - start }, (_, index) => zipOf(start + index))
    const markets = ['Mobile', 'Birmingham', 'Montgomery', 'Phenix City', 'Union City']
    const ordersHere = Math.max(0, Math.min(end, orders) - start)
    if (ordersHere > 0) {
      await sql`insert into orders (company_id, order_number, status, borrower_zip, detected_market, priority, make, model, year, borrower_name)
        select ${company.id}::uuid, 'B-' || (${start}::int + g), (array['Open','Open','Open','Need Info','On Hold'])[1 + g % 5],
          (${zips}::text[])[1 + g], (${markets}::text[])[1 + g % 5], 'medium', 'Toyota', 'Camry', 2019, 'Debtor ' || g
        from generate_series(0, ${ordersHere - 1}::int) g`.execute(db)
    }
    const casesHere = end - start - ordersHere
    if (casesHere > 0) {
      await sql`insert into rdn_cases (company_id, case_id, case_number, status, debtor_zip, detected_market, make, model, year, debtor_name)
        select ${company.id}::uuid, 5000000 + ${start}::int + g, 'RDN-' || (${start}::int + g), 'Open',
          (${zips}::text[])[1 + ${ordersHere}::int + g], (${markets}::text[])[1 + g % 5], 'Ford', 'F-150', 2020, 'Debtor ' || g
        from generate_series(0, ${casesHere - 1}::int) g`.execute(db)
    }
    process.stdout.write(`\r  generated ${end.toLocaleString('en-US')} cases`)
  }
  process.stdout.write('\n')
  // A tenth of the cases recovered over the last 60 days: what the activity layers and heat map count.
  await sql`update orders set recovery_date = current_date - (hashtext(id::text) & 63) % 60
    where hashtext(id::text) % 10 = 0`.execute(db)
  await sql`update rdn_cases set time_marked_repossessed = now() - make_interval(days => (case_id % 60)::int)
    where case_id % 10 = 0`.execute(db)
  await sql`analyze orders`.execute(db)
  await sql`analyze rdn_cases`.execute(db)

  const deps = { db } as AppDeps
  const viewer = { companyId: company.id, role: 'admin', profileId: crypto.randomUUID() } as Viewer
  const views: [string, Record<string, string>][] = [
    ['the country, zoom 4', { zoom: '4', west: '-125', south: '24', east: '-66', north: '50' }],
    ['Alabama, zoom 7', { zoom: '7', west: '-88.5', south: '30.2', east: '-84.9', north: '35' }],
    ['Mobile, zoom 11', { zoom: '11', west: '-88.2', south: '30.6', east: '-87.9', north: '30.8' }],
    ['a Mobile street, zoom 15', { zoom: '15', west: '-88.05', south: '30.68', east: '-88.03', north: '30.70' }],
    ['open only, the country', { zoom: '4', status: 'Open' }],
  ]
  console.log('\n| view | marks | cases in view | bytes | p50 ms | p95 ms |\n|---|---:|---:|---:|---:|---:|')
  for (const [label, params] of views) {
    const query = mapQuerySchema.parse(params)
    const result = await mapCases(deps, viewer, query)
    const bytes = Buffer.byteLength(JSON.stringify(result))
    const samples = await time(() => mapCases(deps, viewer, query).then((data) => JSON.stringify(data)), RUNS)
    const marks = result.clusters.length + result.pins.length
    console.log(
      `| ${label} | ${marks.toLocaleString('en-US')} ${result.pins.length ? 'pins' : 'clusters'} | ${result.inView.toLocaleString('en-US')} | ${bytes.toLocaleString('en-US')} | ${percentile(samples, 50).toFixed(1)} | ${percentile(samples, 95).toFixed(1)} |`,
    )
  }

  // The layers beside the cases: recent recoveries across the country, and a drawn area of a city.
  console.log('\n| layer | answer | bytes | p50 ms | p95 ms |\n|---|---|---:|---:|---:|')
  const layers: [string, () => Promise<{ total: number; places?: unknown[] }>][] = [
    [
      'recoveries, 30 days, the country, zoom 4',
      () => mapActivity(deps, viewer, activityQuerySchema.parse({ kind: 'recoveries', zoom: '4' })),
    ],
    [
      'recoveries, 30 days, by ZIP, zoom 7',
      () => mapActivity(deps, viewer, activityQuerySchema.parse({ kind: 'recoveries', zoom: '7' })),
    ],
    // All of Mobile holds more than 1,000 cases (a 400): its open ones, and a part of the city.
    [
      'selection, Mobile open cases, zoom 11',
      () =>
        mapSelection(
          deps,
          viewer,
          mapQuerySchema.parse({
            zoom: '11',
            west: '-88.2',
            south: '30.6',
            east: '-87.9',
            north: '30.8',
            status: 'Open',
          }),
        ),
    ],
    [
      'selection, central Mobile, zoom 12',
      () =>
        mapSelection(
          deps,
          viewer,
          mapQuerySchema.parse({ zoom: '12', west: '-88.1', south: '30.65', east: '-88.0', north: '30.72' }),
        ),
    ],
  ]
  for (const [label, run] of layers) {
    const result = await run()
    const samples = await time(() => run().then((data) => JSON.stringify(data)), RUNS)
    const answer = `${result.total.toLocaleString('en-US')} ${result.places ? `in ${result.places.length} places` : 'cases'}`
    console.log(
      `| ${label} | ${answer} | ${Buffer.byteLength(JSON.stringify(result)).toLocaleString('en-US')} | ${percentile(samples, 50).toFixed(1)} | ${percentile(samples, 95).toFixed(1)} |`,
    )
  }
} finally {
  await database.close()
  await drop()
}
