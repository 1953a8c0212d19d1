/**
 * PGlite breaks (a corrupted protocol stream, then every later query fails) when one statement
 * carries more than 32,767 bind parameters; PostgreSQL allows 65,535. Multi-row inserts are cut
 * into pieces under both limits.
 */
export const MAX_BIND_PARAMETERS = 30_000

export function chunksForParameters<T>(rows: T[], parametersPerRow: number): T[][] {
  const size = Math.max(1, Math.floor(MAX_BIND_PARAMETERS / Math.max(1, parametersPerRow)))
  const chunks: T[][] = []
  for (let start = 0; start < rows.length; start += size) chunks.push(rows.slice(start, start + size))
  return chunks
}
