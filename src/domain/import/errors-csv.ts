import { toCsv } from '../formats/csv'
import type { ImportRowError } from './messages'

export const ERRORS_FILE_NAME = 'import-errors.csv'

/** 'Download all errors': every listed problem, not only the first 10 the screen shows. */
export function importErrorsCsv(errors: ImportRowError[]): string {
  return toCsv([
    ['Line', 'Case Number', 'Message'],
    ...errors.map((error) => [error.line, error.caseNumber, error.message]),
  ])
}
