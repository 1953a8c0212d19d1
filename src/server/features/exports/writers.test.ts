import { describe, expect, it } from 'vitest'
import type { ExportColumn } from './list-definition'
import { createExportOutput, csvWriter, xlsxWriter } from './writers'

type Row = { n: number }
const columns: ExportColumn<Row>[] = Array.from({ length: 20 }, (_, index) => ({
  header: `Column ${index}`,
  type: 'text',
  value: (row) => `row ${row.n}, some text of column ${index}`,
}))
const batch = (number: number) => Array.from({ length: 1_000 }, (_, index) => ({ n: number * 1_000 + index }))
const BATCHES = 150

/** Writes batches to an output nobody reads; how many went in before the writer waited. */
async function writtenWhileNobodyReads(kind: 'csv' | 'xlsx') {
  const { out } = createExportOutput()
  const writer = kind === 'csv' ? csvWriter(out, columns) : xlsxWriter(out, columns, 'Rows')
  let written = 0
  const writing = (async () => {
    for (let number = 0; number < BATCHES; number++) {
      await writer.writeBatch(batch(number))
      written++
    }
  })().catch(() => {})
  await new Promise((resolve) => setTimeout(resolve, 1_500))
  writer.abort()
  await writing
  return written
}

describe('export writers and a client that does not read', () => {
  // 150 batches are about 100 MB of CSV text or sheet XML: held back, not buffered.
  it.each(['csv', 'xlsx'] as const)('%s: the writer waits instead of holding the file in memory', async (kind) => {
    expect(await writtenWhileNobodyReads(kind)).toBeLessThan(10)
  })
})
