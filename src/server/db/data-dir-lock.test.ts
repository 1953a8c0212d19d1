import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { testDatabaseKind } from '../test/test-database'
import { connectDatabase } from './connect'
import { DataDirInUseError, lockDataDir } from './data-dir-lock'
import { migrateToLatest } from './migrate'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recovery-desk-lock-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

/** A program that takes the directory's lock (or says why not) and then holds it until killed. */
const holderProgram = (dir: string) =>
  `import(${JSON.stringify(path.resolve('src/server/db/data-dir-lock.ts'))}).then((lock) =>
     lock.exitWhenDataDirInUse(async () => lock.lockDataDir(${JSON.stringify(dir)})).then(() => {
       console.log('locked'); setInterval(() => {}, 1000)
     }))`

function startHolder(dir: string, prefix: string[] = []): Promise<ChildProcess> {
  const [command, ...args] = [...prefix, process.execPath, '--import', 'tsx', '-e', holderProgram(dir)]
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  return new Promise((resolve, reject) => {
    let stderr = ''
    child.stderr?.on('data', (chunk) => {
      stderr += chunk
    })
    child.stdout?.on('data', (chunk) => {
      if (String(chunk).includes('locked')) resolve(child)
    })
    child.on('exit', (code) => reject(new Error(`holder exited ${code}: ${stderr}`)))
  })
}

async function kill(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGKILL')
  await exited
}

function runNode(args: string[], env: NodeJS.ProcessEnv): Promise<{ status: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (chunk) => {
    stderr += chunk
  })
  return new Promise((resolve) => child.on('exit', (status) => resolve({ status, stderr })))
}

const canUnsharePids = spawnSync('unshare', ['-Urpf', 'true']).status === 0

// The embedded database only: PostgreSQL serves many processes by design.
describe.skipIf(testDatabaseKind === 'postgres')('embedded database directory', () => {
  it('refuses a second process at once, naming the directory, and keeps the data intact', async () => {
    const first = await connectDatabase({ kind: 'pglite', dataDir })
    await migrateToLatest(first.db)
    await first.db.insertInto('companies').values({ name: 'Kept Agency' }).execute()

    // The server and the tools refuse with the same words, at once, and without a stack trace.
    const file = path.join(dataDir, 'cases.json')
    fs.writeFileSync(file, '[]')
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0', LOG_LEVEL: 'silent' }
    const started = Date.now()
    const runs = await Promise.all(
      [['src/server/main.ts'], ['scripts/migrate.ts'], ['scripts/cases-sync.ts', file]].map((args) =>
        runNode(args, env),
      ),
    )
    expect(Date.now() - started).toBeLessThan(90_000)
    for (const [index, run] of runs.entries()) {
      expect(run.status, String(index)).toBe(1)
      expect(run.stderr.trim(), String(index)).toMatch(
        new RegExp(
          `^The data directory ${dataDir} is already in use by another Recovery Desk process \\(pid ${process.pid} on `,
        ),
      )
      expect(run.stderr, String(index)).not.toMatch(/\n\s+at /)
    }

    expect(await first.db.selectFrom('companies').select('name').execute()).toEqual([{ name: 'Kept Agency' }])
    await first.close()

    const reopened = await connectDatabase({ kind: 'pglite', dataDir })
    expect(await reopened.db.selectFrom('companies').select('name').execute()).toEqual([{ name: 'Kept Agency' }])
    await reopened.close()
  }, 150_000)

  it('refuses while another process holds the lock, and is free again once that process is killed', async () => {
    const dir = fs.mkdtempSync(path.join(dataDir, 'held-'))
    const holder = await startHolder(dir)
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError)
    expect(() => lockDataDir(dir)).toThrow(`(pid ${holder.pid} on ${os.hostname()}`)
    // SIGKILL: no exit handler runs; the operating system drops the lock with the process.
    await kill(holder)
    const release = lockDataDir(dir)
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError)
    release()
    lockDataDir(dir)()
  })

  it('is not blocked by a lock file left behind, even one naming pid 1 (an older pid-file lock)', () => {
    const dir = fs.mkdtempSync(path.join(dataDir, 'stale-'))
    fs.writeFileSync(path.join(dir, 'recovery-desk.lock'), '1')
    const release = lockDataDir(dir)
    expect(fs.readFileSync(path.join(dir, 'recovery-desk.lock'), 'utf8')).toContain(`pid ${process.pid} on `)
    release()
  })

  it.skipIf(!canUnsharePids)('holds across PID namespaces (containers sharing a volume)', async () => {
    const dir = fs.mkdtempSync(path.join(dataDir, 'namespaces-'))
    const release = lockDataDir(dir)
    const contender = spawnSync('unshare', ['-Urpf', process.execPath, '--import', 'tsx', '-e', holderProgram(dir)], {
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(contender.stdout).not.toContain('locked')
    expect(contender.stderr).toContain(`The data directory ${dir} is already in use`)
    release()

    // And the other way round: a holder that is pid 1 in its own namespace.
    const holder = await startHolder(dir, ['unshare', '-Urpf', '--kill-child'])
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError)
    // Killing `unshare` kills its namespace's pid 1 right after (--kill-child): allow that moment.
    await kill(holder)
    await expect.poll(() => attempt(() => lockDataDir(dir)()), { timeout: 5_000 }).toBe('taken')
  })
})

function attempt(take: () => void): 'taken' | 'refused' {
  try {
    take()
    return 'taken'
  } catch (error) {
    if (error instanceof DataDirInUseError) return 'refused'
    throw error
  }
}
