import Papa from 'papaparse'

export const ACCEPTED_FILES = '.csv,.tsv,.txt'

/**
 * A chosen or dropped file as the tab-separated text the import reads: a comma-separated export
 * (no tab in its first line) is converted, quoted fields and all; anything else is kept as it is.
 */
export async function readImportFile(file: File): Promise<string> {
  const text = await file.text()
  const firstLine = text.split(/\r?\n/, 1)[0] ?? ''
  if (firstLine.includes('\t') || !firstLine.includes(',')) return text
  const parsed = Papa.parse<string[]>(text, { delimiter: ',', skipEmptyLines: 'greedy' })
  return Papa.unparse(parsed.data, { delimiter: '\t', newline: '\n' })
}
