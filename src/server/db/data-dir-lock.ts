import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const LOCK_FILE = 'recovery-desk.lock'
const CONFLICT_EXIT_CODE = 75

// Node cannot flock(2) by itself. A short-lived helper locks the file descriptor it inherits from
// us: a flock belongs to the open file, which this process keeps open, so the lock lasts until we
// close it or die (the kernel closes a dead process's files, even after SIGKILL). It is kept on
// the file's inode, so it holds across PID namespaces (containers sharing the volume) on one host.
const LOCKERS = [
  { command: 'flock', args: ['--exclusive', '--nonblock', '--conflict-exit-code', String(CONFLICT_EXIT_CODE), '3'] },
  {
    command: 'perl',
    args: [
      '-MFcntl=:flock',
      '-e',
      `open(my $f, "+<&=", 3) or exit 2; flock($f, LOCK_EX | LOCK_NB) or exit ${CONFLICT_EXIT_CODE}`,
    ],
  },
]

/** The data directory cannot be taken: the message says why and what to do (no stack trace needed). */
export class DataDirLockError extends Error {}

export class DataDirInUseError extends DataDirLockError {
  constructor(dataDir: string, holder: string) {
    super(
      `The data directory ${dataDir} is already in use by another Recovery Desk process${holder ? ` (${holder})` : ''}. ` +
        'The embedded database serves one process at a time: stop the other process, or set ' +
        'DATABASE_URL to run several instances on PostgreSQL.',
    )
  }
}

/** Locks `fd` exclusively without waiting: true when taken, false when another open file holds it. */
function tryFlock(fd: number): boolean {
  const failures: string[] = []
  for (const locker of LOCKERS) {
    const result = spawnSync(locker.command, locker.args, { stdio: ['ignore', 'ignore', 'pipe', fd] })
    if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') continue
    if (result.status === 0) return true
    if (result.status === CONFLICT_EXIT_CODE) return false
    // Another flock (BusyBox's lacks --conflict-exit-code) or a file system without locks: try the next.
    failures.push(
      `${locker.command}: ${result.error?.message ?? (result.stderr.toString().trim() || `exit ${result.status}`)}`,
    )
  }
  throw new DataDirLockError(
    failures.length
      ? `Could not lock the data directory (${failures.join('; ')}). Its file system must support file locks; ` +
          'or set DATABASE_URL to use PostgreSQL.'
      : 'Locking the embedded database directory needs flock(1) (util-linux) or perl; neither was found. ' +
          'Install one, or set DATABASE_URL to use PostgreSQL.',
  )
}

/**
 * Takes the embedded database's directory for this process, refusing at once when another
 * process holds it, so a second server never opens (and corrupts) the same PGlite files.
 * The operating system releases the lock when its holder exits in any way, so a lock file left
 * behind (an older version's pid file, or one naming a pid from another container) never blocks.
 * The file names its holder only to say who it is. Returns the release.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true })
  const lockPath = path.join(dataDir, LOCK_FILE)
  const fd = fs.openSync(lockPath, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o644)
  try {
    if (!tryFlock(fd)) {
      throw new DataDirInUseError(dataDir, fs.readFileSync(lockPath, 'utf8').trim())
    }
    fs.ftruncateSync(fd, 0)
    fs.writeSync(fd, `pid ${process.pid} on ${os.hostname()} since ${new Date().toISOString()}\n`, 0)
  } catch (error) {
    fs.closeSync(fd)
    throw error
  }
  let released = false
  return () => {
    if (released) return
    released = true
    // The file stays: removing it would let a process that opened it just before lock a file
    // nobody else can see any more, while the next one locks a new file of the same name.
    fs.ftruncateSync(fd, 0)
    fs.closeSync(fd)
  }
}

/** Runs `open`, and when the data directory is taken or cannot be locked, says so and exits 1 (no stack trace). */
export async function exitWhenDataDirInUse<T>(open: () => Promise<T>): Promise<T> {
  try {
    return await open()
  } catch (error) {
    if (!(error instanceof DataDirLockError)) throw error
    console.error(error.message)
    process.exit(1)
  }
}
