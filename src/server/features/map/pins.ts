import { MAX_PINS } from '../../../domain/map/clusters'
import type { AppDeps } from '../../app-env'
import { fiveDigitZipCentre } from '../../integrations/geocoding/offline-zip-geocoder'
import { updateMarks } from '../assignments/update-clocks'
import { type CaseFilter, caseLabel, orderLabel, orderPlaceParts, pinsInZips } from './repository'
import { streetPlaces } from './street-places'

/**
 * A pin per case of the filter in these ZIPs (at most MAX_PINS, the latest updated first): the
 * case, vehicle, address and last update, whether its agent is due an update, placed at its street
 * address when the geocoder has found it (GEOCODER_URL), else at its ZIP's centre.
 */
export async function casePins(deps: AppDeps, companyId: string, filter: CaseFilter, zips: string[], now: Date) {
  const { orders, cases } = await pinsInZips(deps.db, filter, zips, MAX_PINS)
  const pins = [
    ...orders.map((order) => {
      const { street, city, state } = orderPlaceParts(order)
      return {
        source: 'order' as const,
        id: order.id,
        label: orderLabel(order),
        status: order.status,
        priority: order.priority,
        violent: false,
        vehicle: [order.year, order.make, order.model].filter(Boolean).join(' ') || null,
        name: order.borrower_name,
        street,
        address: [street, city, state].filter(Boolean).join(', '),
        zip: order.zip,
        updatedAt: order.updated_at,
      }
    }),
    ...cases.map((row) => ({
      source: 'case' as const,
      id: String(row.case_id),
      label: caseLabel(row),
      status: row.status ?? '',
      priority: row.priority,
      violent: Boolean(row.is_violent),
      vehicle: [row.year, row.make, row.model].filter(Boolean).join(' ') || null,
      name: row.debtor_name,
      street: row.debtor_address?.trim() || null,
      address: [row.debtor_address, row.debtor_city, row.debtor_state].filter(Boolean).join(', '),
      zip: row.zip,
      updatedAt: row.updated_at,
    })),
  ]
    .sort((a, b) => new Date(b.updatedAt).getTime() - new Date(a.updatedAt).getTime())
    .slice(0, MAX_PINS)
  // The address as the geocoder reads it: one line with its ZIP (only one with a street line is worth a lookup).
  const lines = pins.map((pin) => (pin.street ? `${pin.address} ${pin.zip}` : null))
  const [marks, streets] = await Promise.all([
    // Issue 19's update-due clock, marked on the pins as on the board.
    updateMarks(
      deps.db,
      companyId,
      orders.map((order) => order.id),
      cases.map((row) => row.case_id),
      now,
    ),
    streetPlaces(
      deps,
      companyId,
      lines.filter((line) => line !== null),
    ),
  ])
  return pins.map(({ street: _street, ...pin }, index) => {
    const line = lines[index]
    const atStreet = line === null ? undefined : streets.get(line)
    return {
      ...pin,
      ...(atStreet ?? fiveDigitZipCentre(pin.zip) ?? { lat: 0, lng: 0 }),
      precision: atStreet ? ('street' as const) : ('zip' as const),
      updateDue: marks.get(`${pin.source}:${pin.id}`)?.updateDue ?? false,
    }
  })
}
