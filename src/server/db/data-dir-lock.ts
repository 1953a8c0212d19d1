import fs from 'node:fs'
import path from 'node:path'

const LOCK_FILE = 'recovery-desk.lock'

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The data directory ${dataDir} is already in use by another Recovery Desk process (pid ${pid}). ` +
        'The embedded database serves one process at a time: stop the other process, or set ' +
        'DATABASE_URL to run several instances on PostgreSQL.',
    )
  }
}

function readHolder(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10)
    return Number.isInteger(pid) ? pid : null
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

/**
 * Takes the embedded database's directory for this process, refusing at once when a live
 * process holds it, so a second server never opens (and corrupts) the same PGlite files.
 * The lock file is created atomically (written aside, then hard-linked into place), so it never
 * exists without its pid. A lock left by a process that died is taken over. Returns the release.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true })
  const lockPath = path.join(dataDir, LOCK_FILE)
  const candidate = `${lockPath}.${process.pid}`
  fs.writeFileSync(candidate, String(process.pid))
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        fs.linkSync(candidate, lockPath)
        let released = false
        return () => {
          if (released) return
          released = true
          if (readHolder(lockPath) === process.pid) fs.rmSync(lockPath, { force: true })
        }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
        const holder = readHolder(lockPath)
        if (holder === null) continue
        if (holder !== process.pid && isProcessAlive(holder)) throw new DataDirInUseError(dataDir, holder)
        fs.rmSync(lockPath, { force: true })
      }
    }
    throw new Error(`Could not lock the data directory ${dataDir}: another process keeps taking it.`)
  } finally {
    fs.rmSync(candidate, { force: true })
  }
}
