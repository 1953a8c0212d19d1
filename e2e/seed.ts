// Prepares an e2e server's database before it starts: migrations, the bootstrap company and
// administrator (exactly as the server's first start makes them), one signed-in-ready account per
// role, a few orders for the header search and external cases for the case list. Runs once per
// database: a second server on the same PostgreSQL finds it seeded and only migrates.
import { ROLES } from '../src/domain/auth/roles'
import { bootstrapFirstCompany } from '../src/server/auth/bootstrap'
import { insertCredentialUser } from '../src/server/auth/credential-users'
import { loadConfig } from '../src/server/config'
import { connectDatabase } from '../src/server/db/connect'
import { migrateToLatest } from '../src/server/db/migrate'
import { databaseTargetFromConfig } from '../src/server/runtime'
import { E2E_CASES, E2E_ORDERS, E2E_ROLE_PASSWORD, roleEmail } from './seed-data'

const config = loadConfig()
const database = await connectDatabase(databaseTargetFromConfig(config))
try {
  await migrateToLatest(database.db)
  const first = await bootstrapFirstCompany(database.db, { email: config.adminEmail, password: config.adminPassword })
  if (first) {
    for (const role of ROLES) {
      await insertCredentialUser(database.db, {
        companyId: first.companyId,
        email: roleEmail(role),
        password: E2E_ROLE_PASSWORD,
        firstName: role === 'camera_driver' ? null : 'Pat',
        lastName: role === 'camera_driver' ? null : role.replace(/_/g, ' '),
        role,
        market: role === 'recovery_agent' ? 'Mobile' : null,
        mustChangePassword: false,
      })
    }
    await database.db
      .insertInto('orders')
      .values(E2E_ORDERS.map((order) => ({ ...order, company_id: first.companyId })))
      .execute()
    await database.db
      .insertInto('rdn_cases')
      .values(E2E_CASES.map((row) => ({ ...row, company_id: first.companyId })))
      .execute()
  }
} finally {
  await database.close()
}
