import type { ClientSuggestion } from './clients'

/** One listed import problem: the row's line, its case number ('' when blank) and SPEC.md's message. */
export type ImportRowError = { line: number; caseNumber: string; message: string }

/**
 * `refused` rows were not imported because of an error, so imported + duplicates + refused = total.
 * `errors` lists every problem in row order: those of refused rows, and the sub-status problems of
 * rows imported without that sub-status (docs/decisions/005).
 */
export type ImportResult = {
  total: number
  imported: number
  duplicates: number
  refused: number
  errors: ImportRowError[]
}

// SPEC.md section 8: every row error, word for word. N is the row's line in the paste (the header is line 1).

export const importMessages = {
  unknownClient: (row: number, client: string, suggestions: ClientSuggestion[]) =>
    `Row ${row}: Unknown client "${client}"${
      suggestions.length
        ? ` - Suggestions: ${suggestions.map((s) => `${s.client.name} (${Math.round(s.score * 100)}% match)`).join(', ')}`
        : ''
    }`,
  missing: (row: number, field: 'VIN' | 'Make' | 'Model' | 'Order Date', caseNumber: string) =>
    `Row ${row}: Missing ${field} - Case: ${caseNumber}`,
  databaseError: (row: number, message: string) => `Row ${row}: Database error - ${message}`,
  subStatusFailed: (row: number, item: string, message: string) =>
    `Row ${row}: Failed to assign sub-status "${item}" - ${message}`,
  subStatusNotFound: (row: number, item: string) => `Row ${row}: Sub-status not found: "${item}"`,
  subStatusError: (row: number, item: string, message: string) =>
    `Row ${row}: Error processing sub-status "${item}" - ${message}`,
  processingError: (row: number, message: string) => `Row ${row}: Processing error - ${message}`,
}

/** SPEC.md section 8's summary toast text. */
export function importSummary(counts: { imported: number; duplicates: number; errors: number }): string {
  return [
    `${counts.imported} orders imported`,
    counts.duplicates ? `, ${counts.duplicates} duplicates skipped` : '',
    counts.errors ? `, ${counts.errors} errors` : '',
  ].join('')
}

/** SPEC.md section 9: the screen lists the first 10 errors, then how many more there are. */
export const ERRORS_SHOWN = 10
export const moreErrorsText = (total: number) => `...and ${total - ERRORS_SHOWN} more errors`
