import { setTimeout as sleep } from 'node:timers/promises'
import type { PeriodLine } from '../../../domain/payroll/assemble'
import type { PayPeriod } from '../../../domain/payroll/periods'
import type { AppDeps } from '../../app-env'
import { asBackgroundJob } from '../../db/statement-context'

/** A period the cache keeps: its first and last day. */
export type CachedPeriod = Pick<PayPeriod, 'start' | 'end'>

/**
 * A company's computed periods, kept until anything they are computed from changes (decision 019).
 * Every table pay reads NOTIFYs per statement and company (orders and RDN cases only when what pay
 * reads of them changes), naming the first day the change can move pay when it knows one
 * (migration 062): a message drops the company's periods that end on or after that day, or all
 * of them, and a computation that began before a change is not stored for a period the change
 * reaches. A reconnected LISTEN drops everything; an entry also ages out after ten minutes, a
 * last guard.
 */
export type PeriodCache = {
  get: (companyId: string, period: CachedPeriod, compute: () => Promise<PeriodLine[]>) => Promise<PeriodLine[]>
  /**
   * The periods kept (null for each one missing), without waiting for more than `waitMs`: the
   * missing ones are computed by a job of its own in the background (one job per set at a time,
   * not cancelled with the request), and kept for the next read.
   */
  keptOrStarted: (
    companyId: string,
    periods: readonly CachedPeriod[],
    compute: (missing: string[]) => Promise<PeriodLine[][]>,
    waitMs: number,
  ) => Promise<(PeriodLine[] | null)[]>
  /** Drops a company's periods now (this instance's own payroll writes, before their NOTIFY arrives). */
  invalidate: (companyId: string) => void
}

type Hubs = Pick<AppDeps, 'payrollChanges' | 'logger'>
type Entry = { period: CachedPeriod; storedAt: number; lines: PeriodLine[] }
/** A change of a company's pay: the first day it can move (null: any), numbered in order of arrival. */
type Change = { number: number; fromDay: string | null }

const MAX_AGE_MS = 10 * 60_000
const MAX_ENTRIES = 64
/** The changes remembered per company, for the computations still running when they came. */
const CHANGES_KEPT = 100
const DAY = /^\d{4}-\d{2}-\d{2}$/

export function createPeriodCache(hubs: Hubs, now = () => Date.now()): PeriodCache {
  const entries = new Map<string, Entry>()
  const changes = new Map<string, Change[]>()
  const changed = new Map<string, number>()
  const watched = new Set<string>()
  const changesSoFar = (companyId: string) => changed.get(companyId) ?? 0
  const reaches = (fromDay: string | null, period: CachedPeriod) => fromDay === null || period.end >= fromDay

  /** A change from `fromDay` (null: any day) of a company's pay: the periods it reaches are dropped. */
  const record = (companyId: string, fromDay: string | null) => {
    const number = changesSoFar(companyId) + 1
    changed.set(companyId, number)
    changes.set(companyId, [...(changes.get(companyId) ?? []), { number, fromDay }].slice(-CHANGES_KEPT))
    for (const [key, entry] of entries)
      if (key.startsWith(`${companyId}|`) && reaches(fromDay, entry.period)) entries.delete(key)
  }
  const invalidate = (companyId: string) => record(companyId, null)
  const watch = (companyId: string) => {
    if (watched.has(companyId)) return
    watched.add(companyId)
    const onChange = (data: string) => {
      if (data === 'RECONNECTED') {
        for (const company of watched) invalidate(company)
      } else record(companyId, DAY.test(data) ? data : null)
    }
    hubs.payrollChanges.subscribe(companyId, onChange)
  }

  const kept = (companyId: string, period: CachedPeriod) => {
    const key = `${companyId}|${period.start}`
    const cached = entries.get(key)
    if (!cached || cached.period.end !== period.end || now() - cached.storedAt >= MAX_AGE_MS) return null
    // Most recently used last, so the oldest goes first when full.
    entries.delete(key)
    entries.set(key, cached)
    return cached.lines
  }
  /** Keeps a period computed since change `started`, unless a change that came meanwhile reaches it. */
  const keep = (companyId: string, period: CachedPeriod, started: number, lines: PeriodLine[]) => {
    const since = (changes.get(companyId) ?? []).filter((change) => change.number > started)
    const forgotten = changesSoFar(companyId) - started > since.length
    if (forgotten || since.some((change) => reaches(change.fromDay, period))) return
    entries.set(`${companyId}|${period.start}`, { period, storedAt: now(), lines })
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string)
  }
  /** Several periods: those kept, and the others computed together by one call of `compute` (given their starts). */
  const getMany = async (
    companyId: string,
    periods: readonly CachedPeriod[],
    compute: (missing: string[]) => Promise<PeriodLine[][]>,
  ): Promise<PeriodLine[][]> => {
    watch(companyId)
    const found = periods.map((period) => kept(companyId, period))
    const missing = periods.filter((_, index) => found[index] === null)
    if (missing.length === 0) return found as PeriodLine[][]
    const started = changesSoFar(companyId)
    const computed = await compute(missing.map((period) => period.start))
    for (const [index, period] of missing.entries()) keep(companyId, period, started, computed[index])
    return found.map((lines, index) => lines ?? computed[missing.indexOf(periods[index])])
  }

  const computing = new Map<string, Promise<unknown>>()
  const keptOrStarted: PeriodCache['keptOrStarted'] = async (companyId, periods, compute, waitMs) => {
    watch(companyId)
    const missing = periods.filter((period) => kept(companyId, period) === null)
    if (missing.length > 0) {
      const key = `${companyId}|${missing.map((period) => period.start).join(',')}`
      let running = computing.get(key)
      if (!running) {
        running = asBackgroundJob(() => getMany(companyId, missing, compute))
          .catch((error: unknown) => hubs.logger.error({ err: error, companyId }, 'computing pay periods failed'))
          .finally(() => computing.delete(key))
        computing.set(key, running)
      }
      await Promise.race([running, sleep(waitMs)])
    }
    return periods.map((period) => kept(companyId, period))
  }

  return {
    invalidate,
    keptOrStarted,
    async get(companyId, period, compute) {
      const [lines] = await getMany(companyId, [period], () => compute().then((computed) => [computed]))
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
