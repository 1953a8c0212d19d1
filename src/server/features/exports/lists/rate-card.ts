import { z } from 'zod'
import { RATE_SHEET_HEADERS, rateSheetCells } from '../../../../domain/billing/rate-sheet'
import { notFound } from '../../../http/app-error'
import { findRateCard, loadVersions } from '../../fees/repository'
import { RATE_CARD_NOT_FOUND } from '../../fees/service'
import { defineExportList } from '../list-definition'

const rateCardExportQuerySchema = z.object({
  card: z.uuid('Choose a rate card.'),
  version: z.coerce.number().int().min(1, 'Choose a version.'),
})

/**
 * One version of a rate card as Fee Schedules shows it, in the columns its import reads back
 * (domain/billing/rate-sheet.ts): amounts as dollars text, never a float.
 */
export const rateCardExport = defineExportList<z.infer<typeof rateCardExportQuerySchema>, string[]>({
  name: 'rate-card',
  title: 'Rate card',
  screen: 'Fee Schedules',
  query: rateCardExportQuerySchema,
  async *rows({ deps, viewer, query }) {
    const card = await findRateCard(deps.db, viewer.companyId, query.card)
    const version =
      card && (await loadVersions(deps.db, viewer.companyId, card.id)).find((v) => v.version === query.version)
    if (!version) throw notFound(RATE_CARD_NOT_FOUND)
    yield version.rows.map(rateSheetCells)
  },
  columns: RATE_SHEET_HEADERS.map((header, index) => ({
    header,
    type: 'text' as const,
    value: (cells: string[]) => cells[index],
    width: index === 0 ? 28 : 16,
  })),
})
