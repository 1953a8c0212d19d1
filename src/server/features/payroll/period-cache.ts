import { setTimeout as sleep } from 'node:timers/promises'
import type { PeriodLine } from '../../../domain/payroll/assemble'
import type { AppDeps } from '../../app-env'
import { asBackgroundJob } from '../../db/statement-context'

/**
 * A company's computed periods, kept until anything they are computed from changes (decision 019).
 * Every table pay reads NOTIFYs per statement and company (orders and RDN cases only when what pay
 * reads of them changes); a message drops the company's periods and bumps its generation, and a computation
 * that began before a change is never stored. A reconnected LISTEN drops everything; an entry
 * also ages out after a minute, a last guard.
 */
export type PeriodCache = {
  get: (companyId: string, periodStart: string, compute: () => Promise<PeriodLine[]>) => Promise<PeriodLine[]>
  /**
   * The periods kept (null for each one missing), without waiting for more than `waitMs`: the
   * missing ones are computed by a job of its own in the background (one job per set at a time,
   * not cancelled with the request), and kept for the next read.
   */
  keptOrStarted: (
    companyId: string,
    periodStarts: readonly string[],
    compute: (missing: string[]) => Promise<PeriodLine[][]>,
    waitMs: number,
  ) => Promise<(PeriodLine[] | null)[]>
  /** Drops a company's periods now (this instance's own payroll writes, before their NOTIFY arrives). */
  invalidate: (companyId: string) => void
}

type Hubs = Pick<AppDeps, 'payrollChanges' | 'logger'>
type Entry = { generation: number; storedAt: number; lines: PeriodLine[] }

const MAX_AGE_MS = 60_000
const MAX_ENTRIES = 64

export function createPeriodCache(hubs: Hubs, now = () => Date.now()): PeriodCache {
  const entries = new Map<string, Entry>()
  const generations = new Map<string, number>()
  const watched = new Set<string>()
  const generation = (companyId: string) => generations.get(companyId) ?? 0

  const invalidate = (companyId: string) => {
    generations.set(companyId, generation(companyId) + 1)
    for (const key of entries.keys()) if (key.startsWith(`${companyId}|`)) entries.delete(key)
  }
  const watch = (companyId: string) => {
    if (watched.has(companyId)) return
    watched.add(companyId)
    const onChange = (data: string) => {
      if (data === 'RECONNECTED') {
        for (const company of watched) invalidate(company)
      } else invalidate(companyId)
    }
    hubs.payrollChanges.subscribe(companyId, onChange)
  }

  const kept = (companyId: string, periodStart: string) => {
    const key = `${companyId}|${periodStart}`
    const cached = entries.get(key)
    if (!cached || cached.generation !== generation(companyId) || now() - cached.storedAt >= MAX_AGE_MS) return null
    // Most recently used last, so the oldest goes first when full.
    entries.delete(key)
    entries.set(key, cached)
    return cached.lines
  }
  const keep = (companyId: string, periodStart: string, started: number, lines: PeriodLine[]) => {
    if (generation(companyId) !== started) return
    entries.set(`${companyId}|${periodStart}`, { generation: started, storedAt: now(), lines })
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string)
  }
  /** Several periods: those kept, and the others computed together by one call of `compute` (given their starts). */
  const getMany = async (
    companyId: string,
    periodStarts: readonly string[],
    compute: (missing: string[]) => Promise<PeriodLine[][]>,
  ): Promise<PeriodLine[][]> => {
    watch(companyId)
    const found = periodStarts.map((start) => kept(companyId, start))
    const missing = periodStarts.filter((_, index) => found[index] === null)
    if (missing.length === 0) return found as PeriodLine[][]
    const started = generation(companyId)
    const computed = await compute(missing)
    for (const [index, start] of missing.entries()) keep(companyId, start, started, computed[index])
    return found.map((lines, index) => lines ?? computed[missing.indexOf(periodStarts[index])])
  }

  const computing = new Map<string, Promise<unknown>>()
  const keptOrStarted: PeriodCache['keptOrStarted'] = async (companyId, periodStarts, compute, waitMs) => {
    watch(companyId)
    const missing = periodStarts.filter((start) => kept(companyId, start) === null)
    if (missing.length > 0) {
      const key = `${companyId}|${missing.join(',')}`
      let running = computing.get(key)
      if (!running) {
        running = asBackgroundJob(() => getMany(companyId, missing, compute))
          .catch((error: unknown) => hubs.logger.error({ err: error, companyId }, 'computing pay periods failed'))
          .finally(() => computing.delete(key))
        computing.set(key, running)
      }
      await Promise.race([running, sleep(waitMs)])
    }
    return periodStarts.map((start) => kept(companyId, start))
  }

  return {
    invalidate,
    keptOrStarted,
    async get(companyId, periodStart, compute) {
      const [lines] = await getMany(companyId, [periodStart], () => compute().then((computed) => [computed]))
      return lines
    },
  }
}

const caches = new WeakMap<object, PeriodCache>()

/** The cache of this server's database; none (compute every time) where no change hubs exist. */
export function periodCacheOf(deps: Partial<AppDeps>): PeriodCache | null {
  if (!deps.payrollChanges || !deps.db) return null
  let cache = caches.get(deps.db)
  if (!cache) {
    cache = createPeriodCache(deps as Hubs)
    caches.set(deps.db, cache)
  }
  return cache
}
