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

/**
 * Takes the embedded database's directory for this process, refusing at once when a live
 * process holds it, so a second server never opens (and corrupts) the same PGlite files.
 * A lock left by a process that died is taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true })
  const lockPath = path.join(dataDir, LOCK_FILE)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' })
      let released = false
      return () => {
        if (released) return
        released = true
        fs.rmSync(lockPath, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10)
      if (Number.isInteger(holder) && holder !== process.pid && isProcessAlive(holder)) {
        throw new DataDirInUseError(dataDir, holder)
      }
      fs.rmSync(lockPath, { force: true })
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}.`)
}
