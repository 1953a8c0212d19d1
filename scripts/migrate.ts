import { loadConfigOrExit } from '../src/server/config'
import { connectDatabase } from '../src/server/db/connect'
import { exitWhenDataDirInUse } from '../src/server/db/data-dir-lock'
import { migrateToLatest } from '../src/server/db/migrate'
import { databaseTargetFromConfig } from '../src/server/runtime'

const config = loadConfigOrExit()
const database = await exitWhenDataDirInUse(() => connectDatabase(databaseTargetFromConfig(config)))
try {
  const applied = await migrateToLatest(database.db)
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.')
} finally {
  await database.close()
}
