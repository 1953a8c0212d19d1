import { describe, expect, it } from 'vitest'
import { toCsv } from '../formats/csv'
import type { RateRow } from './pricing'
import { rateRow } from './rate-row-fixture'
import { RATE_SHEET_HEADERS, rateSheetCells, readRateSheet } from './rate-sheet'

const rows: RateRow[] = [
  rateRow({ daysToInvoice: 30 }),
  rateRow({
    feeType: 'MILEAGE',
    orderType: 'Impound',
    basis: 'per_mile',
    amountCents: 275,
    includedMiles: 25,
    marketAmounts: { Mobile: 300, 'Phenix City': 125_000 },
    minCents: 1_000,
    maxCents: 123_456,
    needsApproval: true,
    billableToDebtor: false,
    noPassOnStates: ['GA', 'TN'],
  }),
]

describe('a rate card version as a spreadsheet', () => {
  it('reads back what it exports (CSV), amounts in exact cents', () => {
    const csv = toCsv([[...RATE_SHEET_HEADERS], ...rows.map(rateSheetCells)])
    const { rates, problems } = readRateSheet(csv)
    expect(problems).toEqual([])
    expect(rates).toEqual(rows)
  })

  it('reads a tab-separated paste with its own spellings, columns in any order', () => {
    const text = [
      'amount\tfee\tBASIS\tneeds approval\tnot passed on in',
      '75\tDolly Fee\tper_day\ty\tga tn',
      '$1,200.5\tKeys\tPer 15 min\t\t',
    ].join('\n')
    const { rates, problems } = readRateSheet(text)
    expect(problems).toEqual([])
    expect(
      rates.map((rate) => [rate.feeType, rate.basis, rate.amountCents, rate.needsApproval, rate.noPassOnStates]),
    ).toEqual([
      ['DOLLY', 'per_day', 7_500, true, ['GA', 'TN']],
      ['KEYS', 'per_block', 120_050, false, []],
    ])
    expect(rates.every((rate) => rate.billableToDebtor)).toBe(true)
  })

  it.each([
    ['Fee,Basis,Amount\nBananas,Flat,10', "Unknown fee type 'Bananas'."],
    ['Fee,Basis,Amount\nKeys,Hourly,10', "Unknown basis 'Hourly': use Flat, Per day, Per mile or Per 15 minutes."],
    ['Fee,Basis,Amount\nKeys,Flat,10.555', "Amount '10.555' is not an amount in dollars and cents."],
    ['Fee,Basis,Amount\nKeys,Flat,', "Amount '' is not an amount in dollars and cents."],
    ['Fee,Basis,Amount,Minimum\nKeys,Flat,10,-1', "Minimum '-1' is not an amount in dollars and cents."],
    ['Fee,Basis,Amount,Needs Approval\nKeys,Flat,10,maybe', "Needs Approval 'maybe' is neither Yes nor No."],
    ['Fee,Basis,Amount,Included Miles\nKeys,Flat,10,2.5', 'Included miles and days to invoice are whole numbers.'],
    [
      'Fee,Basis,Amount,Market Amounts\nKeys,Flat,10,Mobile 400',
      "Market amounts 'Mobile 400' are not like 'Mobile=400.00; Birmingham=375.00'.",
    ],
  ])('reports a line it cannot read, with its line number: %j', (text, message) => {
    expect(readRateSheet(text)).toEqual({ rates: [], problems: [{ line: 2, message }] })
  })

  it('says which required columns the header lacks', () => {
    expect(readRateSheet('Fee,Price\nKeys,10').problems).toEqual([
      { line: 1, message: 'The header has no Basis, Amount column.' },
    ])
  })
})
