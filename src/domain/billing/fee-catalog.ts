import type { FeeRequestType } from '../orders/fee-requests'

export const FEE_CATEGORIES = [
  'Repossession',
  'Transport',
  'Storage',
  'Administrative',
  'Agent',
  'Inspection',
  'Compliance',
] as const
export type FeeCategory = (typeof FEE_CATEGORIES)[number]

export type FeeType = {
  /** Stable key, stored on rate rows and invoice lines. */
  code: string
  name: string
  category: FeeCategory
  /** General-ledger account the line posts to. */
  glCode: string
  /** Other spellings lenders, spreadsheets and sub-status codes use for it. */
  aliases: readonly string[]
}

/** Issue 17's fee catalog: one list every rate card, fee request and invoice line names its fee from. */
export const FEE_TYPES: readonly FeeType[] = [
  {
    code: 'INVOLUNTARY_REPO',
    name: 'Involuntary Repossession',
    category: 'Repossession',
    glCode: '4000',
    aliases: ['Involuntary Repo', 'Repo Fee', 'Repossession Fee', 'Recovery Fee'],
  },
  {
    code: 'VOLUNTARY_REPO',
    name: 'Voluntary Repossession',
    category: 'Repossession',
    glCode: '4010',
    aliases: ['Voluntary Repo', 'Voluntary Surrender', 'Vol Repo'],
  },
  {
    code: 'IMPOUND_REPO',
    name: 'Impound Repossession',
    category: 'Repossession',
    glCode: '4020',
    aliases: ['Impound Repo', 'Impound Recovery', 'Impound Fee'],
  },
  {
    code: 'LPR_REPO',
    name: 'LPR Repossession',
    category: 'Repossession',
    glCode: '4030',
    aliases: ['LPR Repo', 'LPR Recovery', 'LPR Fee', 'Camera Hit Recovery'],
  },
  {
    code: 'SKIP_REPO',
    name: 'Skip Repossession',
    category: 'Repossession',
    glCode: '4040',
    aliases: ['Skip Repo', 'Skip Fee', 'Skip Trace Recovery'],
  },
  {
    code: 'CLOSE_FEE',
    name: 'Close Fee',
    category: 'Administrative',
    glCode: '4100',
    aliases: ['Close', 'Closing Fee', 'Close Out Fee', 'Cancel Fee'],
  },
  {
    code: 'FIELD_VISIT',
    name: 'Field Visit',
    category: 'Agent',
    glCode: '4200',
    aliases: ['Field Call', 'Door Knock', 'Visit Fee', 'Field Visit Fee'],
  },
  { code: 'KEYS', name: 'Keys', category: 'Agent', glCode: '4210', aliases: ['Keys Fee', 'Key Fee', 'Key Cutting'] },
  {
    code: 'DOLLY',
    name: 'Dolly',
    category: 'Transport',
    glCode: '4300',
    aliases: ['Dolly Fee', 'Dollys', 'Dollies', 'Pre-Approved Dolly Fees', 'Go Jacks'],
  },
  { code: 'FLATBED', name: 'Flatbed', category: 'Transport', glCode: '4310', aliases: ['Flatbed Fee', 'Rollback'] },
  { code: 'MILEAGE', name: 'Mileage', category: 'Transport', glCode: '4320', aliases: ['Mileage Fee', 'Miles'] },
  {
    code: 'FUEL_SURCHARGE',
    name: 'Fuel Surcharge',
    category: 'Transport',
    glCode: '4330',
    aliases: ['Fuel', 'Fuel Fee'],
  },
  {
    code: 'STORAGE',
    name: 'Storage',
    category: 'Storage',
    glCode: '4400',
    aliases: ['Storage Fee', 'Daily Storage', 'Lot Storage'],
  },
  {
    code: 'TRANSPORT',
    name: 'Transport',
    category: 'Transport',
    glCode: '4340',
    aliases: ['Transport Fee', 'Transportation', 'Auction Transport', 'Delivery'],
  },
  {
    code: 'CONDITION_REPORT',
    name: 'Condition Report and Photos',
    category: 'Inspection',
    glCode: '4500',
    aliases: ['Condition Report', 'CR Fee', 'Photos', 'Inspection Fee'],
  },
  {
    code: 'PERSONAL_PROPERTY',
    name: 'Personal Property Handling',
    category: 'Compliance',
    glCode: '4600',
    aliases: ['Personal Property', 'Personals', 'Property Inventory', 'Personal Property Fee'],
  },
  {
    code: 'REDEMPTION_ADMIN',
    name: 'Redemption Admin',
    category: 'Administrative',
    glCode: '4110',
    aliases: ['Redemption', 'Redemption Fee', 'Release Fee'],
  },
  {
    code: 'PRIVACY_DATA_REMOVAL',
    name: 'Privacy Data Removal',
    category: 'Compliance',
    glCode: '4610',
    aliases: ['Data Removal', 'Privacy Wipe', 'Infotainment Wipe'],
  },
  { code: 'OTHER', name: 'Other', category: 'Administrative', glCode: '4900', aliases: ['Misc', 'Miscellaneous'] },
]

/** One spelling for matching: upper case, words joined by '_' ('Keys Fee', 'KEYS_FEE', 'keys-fee'). */
export const feeKey = (text: string) =>
  text
    .trim()
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')

const BY_KEY = new Map<string, FeeType>()
for (const type of FEE_TYPES) {
  for (const spelling of [type.code, type.name, ...type.aliases]) BY_KEY.set(feeKey(spelling), type)
}

/**
 * The fee type a name, alias or code stands for ('Keys Fee', 'KEYS', 'CLOSE_FEE'), else one whose
 * key is that text without a trailing 'FEE' or 'FEES'; null when none does.
 */
export function findFeeType(text: string): FeeType | null {
  const key = feeKey(text)
  if (!key) return null
  return BY_KEY.get(key) ?? BY_KEY.get(key.replace(/_?FEES?$/, '')) ?? null
}

/** The catalog's type of a fee request SPEC.md derives from sub-status codes (Dolly, Close). */
export const feeTypeOfRequest = (type: FeeRequestType): FeeType =>
  findFeeType(type === 'Dolly' ? 'DOLLY' : 'CLOSE_FEE') as FeeType
