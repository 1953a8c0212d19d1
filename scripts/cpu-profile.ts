import { mkdirSync, writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import path from 'node:path'

/**
 * Runs `work` under V8's CPU profiler (this thread only, so not a load running on a worker) and
 * writes the profile to `file` (open it in Chrome's DevTools, Performance panel); without a file,
 * just runs it.
 */
export async function profiled<T>(file: string | undefined, work: () => Promise<T>): Promise<T> {
  if (!file) return work()
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.start')
  try {
    return await work()
  } finally {
    const { profile } = await session.post('Profiler.stop')
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, JSON.stringify(profile))
    session.disconnect()
  }
}
