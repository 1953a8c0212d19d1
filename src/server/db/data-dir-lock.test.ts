import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { testDatabaseKind } from '../test/test-database'
import { connectDatabase } from './connect'
import { migrateToLatest } from './migrate'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recovery-desk-lock-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

// The embedded database only: PostgreSQL serves many processes by design.
describe.skipIf(testDatabaseKind === 'postgres')('embedded database directory', () => {
  it('refuses a second process at once, naming the directory, and keeps the data intact', async () => {
    const first = await connectDatabase({ kind: 'pglite', dataDir })
    await migrateToLatest(first.db)
    await first.db.insertInto('companies').values({ name: 'Kept Agency' }).execute()

    const started = Date.now()
    const second = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(second.status).toBe(1)
    expect(second.stderr).toContain(`The data directory ${dataDir} is already in use`)
    expect(Date.now() - started).toBeLessThan(30_000)

    expect(await first.db.selectFrom('companies').select('name').execute()).toEqual([{ name: 'Kept Agency' }])
    await first.close()

    const reopened = await connectDatabase({ kind: 'pglite', dataDir })
    expect(await reopened.db.selectFrom('companies').select('name').execute()).toEqual([{ name: 'Kept Agency' }])
    await reopened.close()
  })

  it('takes over a lock left by a process that died', async () => {
    fs.writeFileSync(path.join(dataDir, 'recovery-desk.lock'), '999999999')
    const database = await connectDatabase({ kind: 'pglite', dataDir })
    expect(fs.readFileSync(path.join(dataDir, 'recovery-desk.lock'), 'utf8')).toBe(String(process.pid))
    await database.close()
    expect(fs.existsSync(path.join(dataDir, 'recovery-desk.lock'))).toBe(false)
  })
})
