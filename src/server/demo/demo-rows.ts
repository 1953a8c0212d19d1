import type { Insertable } from 'kysely'
import type zipcodesModule from 'zipcodes'
import { modelYearCode, withVinCheckDigit } from '../../domain/vehicles/vin'
import type { OrdersTable, RdnCasesTable } from '../db/schema'
import { lazyRequire } from '../lib/lazy-require'

const zipcodes = lazyRequire<typeof zipcodesModule>('zipcodes')

export type Random = {
  next: () => number
  int: (min: number, max: number) => number
  pick: <T>(items: readonly T[]) => T
  chance: (probability: number) => boolean
}

/** mulberry32: a small seeded generator, so the demo data is the same on every machine. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (probability) => next() < probability,
  }
}

export type DemoPools = {
  zips: string[]
  vehicles: ReadonlyArray<readonly [string, string, string, number, number]>
  colors: string[]
  firstNames: string[]
  lastNames: string[]
  streets: string[]
  statuses: string[]
  subStatuses: string[]
  storageLots: string[]
  rdnAgentIds: string[]
}

/** A vehicle with a VIN NHTSA's data decodes: the model's prefix, its year code, a serial, the check digit. */
function demoVehicle(random: Random, pools: DemoPools) {
  const [make, model, prefix, fromYear, toYear] = random.pick(pools.vehicles)
  const year = random.int(fromYear, toYear)
  const plant = random.pick([...'ABCDEFGHJKLMNPRSTUVWXYZ'])
  const serial = String(random.int(100000, 999999))
  return { make, model, year, vin: withVinCheckDigit(`${prefix}0${modelYearCode(year)}${plant}${serial}`) }
}

function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)
}

function phone(random: Random): string {
  return `(${random.int(205, 334)}) ${random.int(200, 999)}-${String(random.int(0, 9999)).padStart(4, '0')}`
}

/** A street address in one of the pool's ZIPs, with its city and state (Birmingham, AL for a bad ZIP). */
function place(random: Random, pools: DemoPools) {
  const zip = random.pick(pools.zips)
  const known = zipcodes().lookup(zip)
  return {
    address: `${random.int(100, 9999)} ${random.pick(pools.streets)}`,
    zip,
    city: known?.city ?? 'Birmingham',
    state: known?.state ?? 'AL',
  }
}

export function buildDemoOrder(
  random: Random,
  pools: DemoPools,
  index: number,
  context: {
    companyId: string
    clientId: string
    lienholder: string | null
    agentId: string | null
    driverId: string | null
    marketByZip: ReadonlyMap<string, string>
  },
): Insertable<OrdersTable> {
  const vehicle = demoVehicle(random, pools)
  const first = random.pick(pools.firstNames)
  const last = random.pick(pools.lastNames)
  const home = place(random, pools)
  const work = place(random, pools)
  const status = random.pick(pools.statuses)
  const repossessed = status === 'Repossessed'
  const recovery = place(random, pools)
  const homeCentre = zipcodes().lookup(home.zip)
  const spottedAt = new Date(Date.now() - random.int(1, 14 * 24) * 3_600_000)
  const orderAge = random.int(0, 365)
  const market = context.marketByZip.get(home.zip)
  const caseNumber = `ORD-${String(200000 + index)}`
  return {
    company_id: context.companyId,
    case_number: caseNumber,
    order_number: caseNumber,
    status,
    priority: random.pick(['low', 'medium', 'medium', 'high', 'critical']),
    ...vehicle,
    color: random.pick(pools.colors),
    license_plate: `${random.pick(['AL', 'GA'])} ${random.int(1, 99)}${String.fromCharCode(65 + random.int(0, 25))}${random.int(1000, 9999)}`,
    borrower_name: `${first} ${last}`,
    borrower_first_name: first,
    borrower_last_name: last,
    borrower_phone: phone(random),
    borrower_address: home.address,
    borrower_city: home.city,
    borrower_zip: home.zip,
    borrower_state: home.state,
    borrower_work_address: work.address,
    borrower_work_city: work.city,
    borrower_work_zip: work.zip,
    borrower_work_state: work.state,
    last_known_address: home.address,
    last_known_city: home.city,
    last_known_zip: home.zip,
    last_known_state: home.state,
    last_spotted_location:
      homeCentre && random.chance(0.6)
        ? `${(homeCentre.latitude + (random.next() - 0.5) / 50).toFixed(6)},${(homeCentre.longitude + (random.next() - 0.5) / 50).toFixed(6)}`
        : `${random.pick(['Parking lot at', 'Driveway of', 'Street parking near'])} ${work.address}`,
    last_spotted_at: spottedAt,
    recovery_location: repossessed ? recovery.address : null,
    recovery_city: repossessed ? recovery.city : null,
    recovery_state: repossessed ? recovery.state : null,
    recovery_zip: repossessed ? recovery.zip : null,
    recovery_time: repossessed
      ? `${random.int(1, 12)}:${String(random.int(0, 59)).padStart(2, '0')} ${random.pick(['AM', 'PM'])}`
      : null,
    repo_type: repossessed ? random.pick(['Involuntary', 'Voluntary', 'Impound']) : null,
    condition_notes: random.pick([
      'Minor scratches on the rear bumper.',
      'Front passenger tire low.',
      'Clean interior; personal items in the trunk.',
      'Cracked windshield.',
      null,
    ]),
    detected_market: market ?? null,
    market_confidence: market ? 95 : 0,
    market_detection_method: market ? 'primary_zip' : null,
    lienholder_name: context.lienholder,
    keys_obtained: status === 'Repossessed' && random.chance(0.5),
    client_id: context.clientId,
    assigned_agent_id: context.agentId,
    assigned_camera_driver_id: context.driverId,
    order_date: daysAgo(orderAge),
    due_date: daysAgo(orderAge - 30),
    recovery_date: repossessed ? daysAgo(random.int(0, Math.min(orderAge, 60))) : null,
    close_date: status === 'Closed' ? daysAgo(random.int(0, Math.min(orderAge, 30))) : null,
  }
}

export function buildDemoCase(
  random: Random,
  pools: DemoPools,
  index: number,
  context: { companyId: string; lenders: ReadonlyArray<{ name: string; lienholder: string }> },
): Insertable<RdnCasesTable> {
  const vehicle = demoVehicle(random, pools)
  const first = random.pick(pools.firstNames)
  const last = random.pick(pools.lastNames)
  const middle = random.chance(0.5) ? String.fromCharCode(65 + random.int(0, 25)) : null
  const lender = random.pick(context.lenders)
  const debtor = place(random, pools)
  const additional = place(random, pools)
  const status = random.pick(pools.statuses)
  const repossessed = status === 'Repossessed'
  const orderAge = random.int(0, 540)
  const subStatusCount = random.int(0, 2)
  const subStatuses = Array.from({ length: subStatusCount }, () => random.pick(pools.subStatuses))
  const recovery = repossessed ? place(random, pools) : null
  return {
    company_id: context.companyId,
    case_id: 5_000_000 + index,
    case_number: random.chance(0.9) ? `RDN-${String(700000 + index)}` : null,
    status,
    substatus: subStatuses.length ? [...new Set(subStatuses)].join('|') : null,
    priority: random.chance(0.15) ? 'high' : 'normal',
    ...vehicle,
    color: random.pick(pools.colors),
    order_date: daysAgo(orderAge),
    repo_date: repossessed ? daysAgo(random.int(0, Math.min(orderAge, 90))) : null,
    close_date: status === 'Closed' ? daysAgo(random.int(0, Math.min(orderAge, 30))) : null,
    close_reason: status === 'Closed' ? random.pick(['Paid in full', 'Redeemed', 'Client recall']) : null,
    lender_name: random.chance(0.95) ? lender.name : null,
    lender_phone: phone(random),
    lender_type: random.pick(['Bank', 'Finance Company', 'Credit Union']),
    lienholder_name: lender.lienholder,
    debtor_name: random.chance(0.8) ? `${first} ${middle ? `${middle}. ` : ''}${last}` : null,
    debtor_first_name: first,
    debtor_middle_initial: middle,
    debtor_last_name: last,
    debtor_address: debtor.address,
    debtor_city: debtor.city,
    debtor_state: debtor.state,
    debtor_zip: random.chance(0.9) ? debtor.zip : null,
    debtor_phone: phone(random),
    debtor_work_address: random.chance(0.6) ? `${random.int(100, 9999)} ${random.pick(pools.streets)}` : null,
    additional_address: random.chance(0.4) ? additional.address : null,
    additional_zip: random.chance(0.4) ? additional.zip : null,
    additional_city: additional.city,
    additional_state: additional.state,
    vehicle_license_state: random.pick(['AL', 'GA']),
    vehicle_license_number: `${random.int(1, 99)}${String.fromCharCode(65 + random.int(0, 25))}${random.int(1000, 9999)}`,
    recovery_address: recovery?.address ?? null,
    recovery_city: recovery?.city ?? null,
    recovery_zip: recovery?.zip ?? null,
    recovery_state: recovery?.state ?? null,
    assigned_agent_id: random.chance(0.75) ? random.pick(pools.rdnAgentIds) : null,
    is_violent: random.chance(0.03),
    time_marked_repossessed: repossessed ? new Date(Date.now() - random.int(0, 90) * 86_400_000) : null,
    vendor_branch_name: 'Alabama Recovery Branch',
    storage_location_name: repossessed ? random.pick(pools.storageLots) : null,
    lot_processing_status: repossessed ? random.pick(['Checked In', 'Awaiting Keys', 'Ready For Transport']) : null,
  }
}
