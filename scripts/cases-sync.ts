// npm run cases:sync -- <file.json|.ndjson|.csv> [--company <company id>] [--delete <case id>,...]
// Upserts the file's cases through the same service as the sync API, straight into the database
// of DATABASE_URL or DATA_DIR (for the embedded database, stop the server first).
import fs from 'node:fs'
import path from 'node:path'
import { MAX_SYNC_BATCH } from '../src/domain/cases/rdn-case-input'
import { loadConfigOrExit } from '../src/server/config'
import { connectDatabase } from '../src/server/db/connect'
import { exitWhenDataDirInUse } from '../src/server/db/data-dir-lock'
import { migrateToLatest } from '../src/server/db/migrate'
import { syncRdnCases } from '../src/server/features/cases/sync'
import { parseCaseFile } from '../src/server/features/cases/sync-file'
import { databaseTargetFromConfig } from '../src/server/runtime'

const args = process.argv.slice(2)
const option = (name: string) => {
  const index = args.indexOf(`--${name}`)
  return index >= 0 ? args[index + 1] : undefined
}
const file = args.find((arg, index) => !arg.startsWith('--') && !args[index - 1]?.startsWith('--'))
if (!file) {
  console.error(
    'Usage: npm run cases:sync -- <file.json|.ndjson|.csv> [--company <company id>] [--delete <case id>,...]',
  )
  process.exit(2)
}

const rows = parseCaseFile(file, fs.readFileSync(path.resolve(file), 'utf8'))
const deleteCaseIds = (option('delete') ?? '').split(',').filter(Boolean).map(Number)
if (deleteCaseIds.some((id) => !Number.isSafeInteger(id) || id <= 0)) {
  console.error('--delete takes case ids separated by commas, e.g. --delete 5001,5002')
  process.exit(2)
}
const config = loadConfigOrExit(process.env, [])
const database = await exitWhenDataDirInUse(() => connectDatabase(databaseTargetFromConfig(config)))
try {
  await migrateToLatest(database.db)
  const companies = await database.db.selectFrom('companies').select(['id', 'name']).execute()
  if (companies.length === 0) {
    console.error('The database has no company yet: start the server once (npm start) to create it.')
    process.exit(2)
  }
  const companyId = option('company') ?? (companies.length === 1 ? companies[0].id : undefined)
  if (!companyId || !companies.some((company) => company.id === companyId)) {
    console.error(
      `Choose the company with --company:\n${companies.map((company) => `  ${company.id}  ${company.name}`).join('\n')}`,
    )
    process.exit(2)
  }
  let upserted = 0
  const problems: Array<{ index: number; caseId: unknown; errors: string[] }> = []
  for (let start = 0; start < rows.length; start += MAX_SYNC_BATCH) {
    const result = await syncRdnCases(database.db, companyId, rows.slice(start, start + MAX_SYNC_BATCH))
    upserted += result.upserted
    problems.push(...result.problems.map((problem) => ({ ...problem, index: problem.index + start })))
  }
  const deleted = deleteCaseIds.length ? (await syncRdnCases(database.db, companyId, [], deleteCaseIds)).deleted : 0
  console.log(`${upserted} cases upserted, ${deleted} deleted, ${problems.length} rows refused.`)
  for (const problem of problems.slice(0, 20)) {
    console.log(`  row ${problem.index + 1} (case ${String(problem.caseId)}): ${problem.errors.join('; ')}`)
  }
  if (problems.length > 20) console.log(`  ...and ${problems.length - 20} more`)
  process.exitCode = problems.length > 0 ? 1 : 0
} finally {
  await database.close()
}
