import Papa from 'papaparse'

/**
 * The cases in a sync file: a JSON array (or `{ "cases": [...] }`), newline-delimited JSON, or
 * CSV with a header row of column names (quoted fields and embedded newlines allowed).
 */
export function parseCaseFile(name: string, text: string): unknown[] {
  const extension = name.toLowerCase().split('.').pop()
  if (extension === 'csv') {
    const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: 'greedy' })
    if (parsed.errors.length > 0) {
      const first = parsed.errors[0]
      throw new Error(`${name}: CSV row ${(first.row ?? 0) + 2}: ${first.message}`)
    }
    return parsed.data
  }
  if (extension === 'ndjson' || extension === 'jsonl') {
    return text
      .split('\n')
      .map((line, index) => [line.trim(), index + 1] as const)
      .filter(([line]) => line)
      .map(([line, number]) => {
        try {
          return JSON.parse(line)
        } catch {
          throw new Error(`${name}: line ${number} is not JSON`)
        }
      })
  }
  if (extension === 'json') {
    const data = JSON.parse(text) as unknown
    if (Array.isArray(data)) return data
    if (data && typeof data === 'object' && Array.isArray((data as { cases?: unknown }).cases))
      return (data as { cases: unknown[] }).cases
    throw new Error(`${name}: expected an array of cases or { "cases": [...] }`)
  }
  throw new Error(`${name}: use a .json, .ndjson or .csv file`)
}
