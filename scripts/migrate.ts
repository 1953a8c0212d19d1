import { loadConfig } from '../src/server/config'
import { connectDatabase } from '../src/server/db/connect'
import { migrateToLatest } from '../src/server/db/migrate'
import { databaseTargetFromConfig } from '../src/server/runtime'

const config = loadConfig()
const database = await connectDatabase(databaseTargetFromConfig(config))
try {
  const applied = await migrateToLatest(database.db)
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.')
} finally {
  await database.close()
}
