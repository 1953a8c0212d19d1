/** The bench's paste: a realistic lender spreadsheet with known clients, sub-statuses, duplicates and bad rows. */
export const CLIENTS = [
  ['Ally Financial', 'Ally Bank'],
  ['Santander Consumer USA', 'Santander Bank'],
  ['Capital One Auto Finance', null],
  ['Westlake Financial Services', 'Westlake Portfolio'],
  ['Credit Acceptance', null],
  ['Exeter Finance', 'Exeter Finance LLC'],
  ['GM Financial', 'AmeriCredit'],
  ['Regional Acceptance', null],
] as const
export const SUB_STATUSES = [
  ['CLOSE_FEE', 'Close Fee Requested'],
  ['CLOSE_FEE_APPROVED', 'Close Fee Approved'],
  ['DOLLYS_FEE', 'Dollys Fee Requested'],
  ['KEYS_REQUESTED', 'Keys Requested'],
  ['SKIP_TRACE', 'Skip Trace In Progress'],
  ['VEHICLE_SPOTTED', 'Vehicle Spotted'],
] as const
const HEADER =
  "Case Number\tClient Name\tLienholder Name\tLast Name, First Name\tVIN\tMake\tModel\tYear\tOrder Date\tClose Date\tRepo Date\tStatus\tSub-Status\tAddress\tCity\tState\tHome Zip\tHome Phone\tBorrower's Work Addresses\tRecovery Address\tRecovery City\tRecovery State\tRecovery Zip\tRepo Type\tRecovery Time\tKeys"

/** N data rows: ~2% repeat an earlier case number, ~1% name an unknown client, ~1% lack a VIN. */
export function generatePaste(rows: number, prefix: string): string {
  const lines = [HEADER]
  const zips = ['35203', '36602', '36104', '36867', '38261', '35801', '30301']
  for (let index = 0; index < rows; index++) {
    const [client, lien] =
      index % 100 === 7 ? ['Unknown Motors Credit', 'Nobody Bank'] : CLIENTS[index % CLIENTS.length]
    const caseNumber = index % 50 === 49 ? `${prefix}-${index - 10}` : `${prefix}-${index}`
    const sub =
      index % 3 === 0
        ? SUB_STATUSES[index % SUB_STATUSES.length][1]
        : index % 7 === 0
          ? 'Keys Requested|Close Fee Requested'
          : ''
    lines.push(
      [
        caseNumber,
        client,
        lien ?? '',
        `Lastname${index % 997}, First${index % 89}`,
        index % 100 === 13 ? '' : `1HGCM8263${String(index).padStart(8, '0')}`.slice(0, 17),
        'Honda',
        'Accord',
        String(2010 + (index % 15)),
        `${1 + (index % 12)}/${1 + (index % 28)}/25`,
        '',
        '',
        'Open',
        sub,
        `${100 + (index % 900)} Main St`,
        'Mobile',
        'AL',
        zips[index % zips.length],
        '(251) 555-0100',
        '1 Water St, Mobile, AL 36602',
        '',
        '',
        '',
        '',
        '',
        '',
        index % 2 ? 'Yes' : 'No',
      ].join('\t'),
    )
  }
  return lines.join('\n')
}
