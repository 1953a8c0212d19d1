import type { Role } from '../../domain/auth'

/** The fixed reference data of the demo company: lenders, sub-statuses, markets, lots, people. */
export const DEMO_COMPANY_NAME = 'Demo Recovery Co.'
export const DEMO_PASSWORD = 'Recovery-demo-2026'

export const DEMO_CLIENTS: ReadonlyArray<{ name: string; lienholder: string }> = [
  { name: 'Ally Financial', lienholder: 'Ally Bank' },
  { name: 'Santander Consumer USA', lienholder: 'Santander Consumer' },
  { name: 'Capital One Auto Finance', lienholder: 'Capital One' },
  { name: 'Westlake Financial', lienholder: 'Westlake Portfolio Management' },
  { name: 'Credit Acceptance', lienholder: 'Credit Acceptance Corp' },
  { name: 'Regional Acceptance', lienholder: 'Truist Bank' },
  { name: 'Exeter Finance', lienholder: 'Exeter Finance LLC' },
  { name: 'GM Financial', lienholder: 'AmeriCredit Financial' },
]

export const DEMO_SUB_STATUSES: ReadonlyArray<{ code: string; description: string }> = [
  { code: 'CLOSE_FEE', description: 'Close Fee Requested' },
  { code: 'CLOSE_FEE_APPROVED', description: 'Close Fee Approved' },
  { code: 'DOLLYS_FEE', description: 'Dollys Fee Requested' },
  { code: 'PRE_APPROVED_DOLLY_FEES', description: 'Pre-Approved Dolly Fees' },
  { code: 'CLOSE_FEE_DECLINED', description: 'Close Fee Declined' },
  { code: 'KEYS_REQUESTED', description: 'Keys Requested' },
  { code: 'PERSONAL_PROPERTY', description: 'Personal Property Held' },
  { code: 'REDEMPTION_PENDING', description: 'Redemption Pending' },
  { code: 'SKIP_TRACE', description: 'Skip Trace In Progress' },
  { code: 'VEHICLE_SPOTTED', description: 'Vehicle Spotted' },
  { code: 'TRANSPORT_TO_AUCTION', description: 'Transport To Auction' },
]

export const DEMO_MARKETS: ReadonlyArray<{
  market: string
  zips: string[]
  lot?: { name: string; address: string; latitude: number; longitude: number }
}> = [
  {
    market: 'Birmingham',
    zips: ['35203', '35204', '35205', '35206', '35207', '35208', '35209', '35210', '35211', '35212'],
    lot: {
      name: 'Birmingham Lot',
      address: '2100 1st Ave N, Birmingham, AL 35203',
      latitude: 33.518589,
      longitude: -86.810356,
    },
  },
  {
    market: 'Mobile',
    zips: ['36602', '36603', '36604', '36605', '36606', '36607', '36608', '36609'],
    lot: { name: 'Mobile Lot', address: '1500 Government St, Mobile, AL 36604', latitude: 30.684, longitude: -88.0745 },
  },
  {
    market: 'Montgomery',
    zips: ['36104', '36105', '36106', '36107', '36108', '36109', '36110', '36111'],
    lot: {
      name: 'Montgomery Lot',
      address: '600 Dexter Ave, Montgomery, AL 36104',
      latitude: 32.377447,
      longitude: -86.300942,
    },
  },
  {
    market: 'Phenix City',
    zips: ['36867', '36868', '36869', '36870'],
    lot: {
      name: 'Phenix City Lot',
      address: '1200 Broad St, Phenix City, AL 36867',
      latitude: 32.470976,
      longitude: -85.000765,
    },
  },
  {
    market: 'Union City',
    zips: ['30291', '30213', '30349'],
    lot: {
      name: 'Union City Lot',
      address: '5000 Jonesboro Rd, Union City, GA 30291',
      latitude: 33.587113,
      longitude: -84.542432,
    },
  },
  { market: 'Outside Area', zips: ['35801', '35802', '35630'] },
]

export const DEMO_PEOPLE: ReadonlyArray<{ role: Role; first: string; last: string; market?: string; rdnId?: string }> =
  [
    { role: 'admin', first: 'Avery', last: 'Admin' },
    { role: 'manager', first: 'Morgan', last: 'Manager' },
    { role: 'recovery_agent', first: 'Riley', last: 'Agent', market: 'Birmingham', rdnId: '10021' },
    { role: 'camera_driver', first: 'Casey', last: 'Driver', market: 'Birmingham' },
    { role: 'field_manager', first: 'Frankie', last: 'Field', market: 'Birmingham' },
    { role: 'lot_manager', first: 'Logan', last: 'Lot', market: 'Mobile' },
    { role: 'key_manager', first: 'Kendall', last: 'Keys' },
    { role: 'transport_manager', first: 'Taylor', last: 'Transport' },
    { role: 'locksmith', first: 'Lee', last: 'Locksmith' },
    { role: 'compliance_manager', first: 'Cameron', last: 'Compliance' },
    { role: 'post_recovery_manager', first: 'Parker', last: 'Post' },
  ]

/** More field people across the markets: agents mapped to RDN ids, drivers, field and lot managers. */
export const DEMO_EXTRA_PEOPLE: ReadonlyArray<{
  role: Role
  first: string
  last: string
  market: string
  rdnId?: string
}> = [
  { role: 'recovery_agent', first: 'Jordan', last: 'Reyes', market: 'Mobile', rdnId: '10022' },
  { role: 'recovery_agent', first: 'Sam', last: 'Whitfield', market: 'Montgomery', rdnId: '10023' },
  { role: 'recovery_agent', first: 'Dana', last: 'Brooks', market: 'Phenix City', rdnId: '10024' },
  { role: 'recovery_agent', first: 'Quinn', last: 'Holloway', market: 'Union City', rdnId: '10025' },
  { role: 'camera_driver', first: 'Rowan', last: 'Pike', market: 'Mobile' },
  { role: 'camera_driver', first: 'Emery', last: 'Vance', market: 'Montgomery' },
  { role: 'camera_driver', first: 'Skyler', last: 'Moss', market: 'Union City' },
  { role: 'field_manager', first: 'Harper', last: 'Lane', market: 'Mobile' },
  { role: 'field_manager', first: 'Reese', last: 'Calloway', market: 'Montgomery' },
  { role: 'lot_manager', first: 'Blair', last: 'Dunn', market: 'Birmingham' },
  { role: 'lot_manager', first: 'Marlowe', last: 'Grant', market: 'Phenix City' },
]

/** Make, model, and a VIN prefix (WMI + VDS) NHTSA's data decodes for the model years given. */
export const DEMO_VEHICLES: ReadonlyArray<readonly [string, string, string, number, number]> = [
  ['Toyota', 'Camry', '4T1B11HK', 2018, 2020],
  ['Honda', 'Accord', '1HGCV1F3', 2018, 2022],
  ['Ford', 'F-150', '1FTEW1EP', 2015, 2020],
  ['Chevrolet', 'Silverado', '3GCUYDED', 2019, 2021],
  ['Nissan', 'Altima', '1N4AL3AP', 2013, 2018],
  ['Dodge', 'Charger', '2C3CDXBG', 2015, 2022],
  ['Jeep', 'Grand Cherokee', '1C4RJFAG', 2014, 2021],
  ['Hyundai', 'Elantra', '5NPD84LF', 2017, 2020],
  ['Kia', 'Optima', '5XXGT4L3', 2016, 2020],
  ['GMC', 'Sierra', '3GTU9DED', 2019, 2021],
  ['Chevrolet', 'Malibu', '1G1ZD5ST', 2016, 2022],
  ['Ford', 'Explorer', '1FM5K8D8', 2016, 2019],
  ['Toyota', 'Tacoma', '3TMCZ5AN', 2016, 2023],
  ['Nissan', 'Rogue', '5N1AT2MV', 2014, 2020],
]
export const DEMO_COLORS = ['Black', 'White', 'Silver', 'Gray', 'Red', 'Blue', 'Green', 'Maroon', 'Gold']
export const DEMO_FIRST_NAMES = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Charles',
  'Karen',
]
export const DEMO_LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
]
export const DEMO_STREETS = [
  'Oak St',
  'Maple Ave',
  'Pine Rd',
  'Cedar Ln',
  'Elm St',
  'Highland Ave',
  'Church St',
  'Main St',
]
export const DEMO_CASE_STATUSES = [
  'Open',
  'Open',
  'Open',
  'Need Info',
  'On Hold',
  'Pending Close',
  'Repossessed',
  'Repossessed',
  'Closed',
]
export const DEMO_STORAGE_LOTS = [
  'Birmingham Storage',
  'Mobile Storage Yard',
  'Montgomery Impound',
  'Phenix City Storage',
  'Union City Yard',
  'Manheim Birmingham',
  'Enterprise Rent-A-Car',
  'Copart Mobile',
]
