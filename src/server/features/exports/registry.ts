import type { AnyExportList } from './list-definition'
import { casesExport } from './lists/cases'

/**
 * Every list that exports, by its URL name. Adding one is one entry here and one definition
 * (see list-definition.ts): its screen, filter schema, columns and batched row source.
 */
const LISTS: AnyExportList[] = [casesExport]

export const EXPORT_LISTS: Record<string, AnyExportList> = Object.fromEntries(LISTS.map((list) => [list.name, list]))
