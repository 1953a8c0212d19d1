import { formatWhole } from '../formats/numbers'
import type { MapWindow } from './map-query'
import { projectLngLat, scaleOfZoom } from './web-mercator'

// How the Case Location Map draws what it is given (issue 19): the size of a mark by its count,
// which pins stand out, and the period of the activity layers.

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value))

/** A cluster's radius in screen pixels: grows with the count's order of magnitude (1 -> 14, 10,000 -> 34). */
export const clusterRadius = (count: number) => clamp(14 + 5 * Math.log10(Math.max(1, count)), 14, 34)

/** A recoveries or finds marker's radius in screen pixels (1 -> 4, 1,000 -> 13). */
export const activityRadius = (count: number) => clamp(4 + 3 * Math.log10(Math.max(1, count)), 4, 13)

/** A heat spot's radius in screen pixels and its strength (0..1), weighted by its share of the busiest place. */
export function heatSpot(count: number, busiest: number) {
  const share = busiest > 0 ? clamp(count / busiest, 0, 1) : 0
  return { radius: Math.round(18 + 30 * Math.sqrt(share)), strength: Math.round((0.25 + 0.65 * share) * 100) / 100 }
}

/** Priorities that mark a pin. */
const URGENT_PRIORITIES = ['high', 'critical', 'urgent']

/** What stands out on a pin: violent or high priority (a red ring and '!'), and an update due (an amber clock). */
export function pinFlags(pin: { violent: boolean; priority: string | null; updateDue?: boolean }) {
  return {
    alert: pin.violent || URGENT_PRIORITIES.includes((pin.priority ?? '').toLowerCase()),
    updateDue: pin.updateDue === true,
  }
}

/** The activity layers take a period, not 'all': without one they show the last 30 days. */
export function activityWindow(window: MapWindow): '24h' | '7d' | '30d' | 'custom' {
  return window === 'all' ? '30d' : window
}

/** The period an activity layer says it covers. */
export function activityPeriodLabel(window: MapWindow, from?: string, to?: string) {
  switch (activityWindow(window)) {
    case '24h':
      return 'last 24 hours'
    case '7d':
      return 'last 7 days'
    case '30d':
      return 'last 30 days'
    case 'custom':
      return `${from ?? '?'} to ${to ?? '?'}`
  }
}

/** The count line under the map: '1,204 cases in view · 12 without a ZIP not shown'. */
export function viewCountLabel(inView: number, unplaced: number) {
  const cases = `${formatWhole(inView)} ${inView === 1 ? 'case' : 'cases'} in view`
  return unplaced > 0 ? `${cases} · ${formatWhole(unplaced)} without a ZIP not shown` : cases
}

/** How precisely the answer placed its cases: all at street level, some, or at ZIP centres. */
export function precisionLabel(precision: string, pins: readonly { precision?: string }[] = []) {
  if (precision === 'street') return 'Placed at street addresses'
  if (pins.some((pin) => pin.precision === 'street')) return 'Placed at street addresses where found, else ZIP centres'
  return 'Placed at ZIP centres'
}

/** The golden angle: consecutive pins of a spiral never line up. */
const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5))

/**
 * Screen offsets for pins that share one place (cases at one ZIP centre): a sunflower spiral
 * about the place, the first at its centre, neighbours about `spacing` · 1.8 px apart, so each
 * pin can be seen and pressed.
 */
export function spreadOffsets(count: number, spacing = 14): [number, number][] {
  return Array.from({ length: count }, (_, index) => {
    if (index === 0) return [0, 0]
    const radius = spacing * Math.sqrt(index + 0.5)
    const angle = index * GOLDEN_ANGLE
    return [Math.round(radius * Math.cos(angle) * 10) / 10, Math.round(radius * Math.sin(angle) * 10) / 10]
  })
}

/** Pins closer than this on screen (px) would cover each other: they share a spiral. */
const PIN_REACH = 28

/** More pins than this crowding one spot gather into a count to zoom into, not a spiral. */
export const MAX_SPREAD = 6
/** From this zoom on, pins always spread: zooming further would not part them. */
const SPREAD_ALL_ZOOM = 14

/**
 * How pins are drawn at a zoom so each can be seen and pressed: pins that would cover each other
 * on screen (cases at one ZIP centre, or at neighbouring ones) gather about the first of them. A
 * few take spots of one spiral (`shifts`, screen pixels); more than MAX_SPREAD at different places
 * make a crowd, drawn as a count at their mean place that zooms in, until zooming would not part
 * them (one place, or a street's zoom). A pin alone stays where it is.
 */
export function arrangePins<Pin extends { key: string; lng: number; lat: number }>(
  pins: readonly Pin[],
  zoom: number,
  spacing = 20,
) {
  const scale = scaleOfZoom(zoom)
  const groups: { x: number; y: number; members: { pin: Pin; x: number; y: number }[] }[] = []
  for (const pin of pins) {
    const [baseX, baseY] = projectLngLat(pin.lng, pin.lat)
    const point = { pin, x: baseX * scale, y: baseY * scale }
    // A group's spiral grows with its members: reach past its edge.
    const group = groups.find(
      (candidate) =>
        Math.hypot(candidate.x - point.x, candidate.y - point.y) <
        PIN_REACH + spacing * Math.sqrt(candidate.members.length + 0.5),
    )
    if (group) group.members.push(point)
    else groups.push({ x: point.x, y: point.y, members: [point] })
  }
  const shifts = new Map<string, [number, number]>()
  const crowds: { lat: number; lng: number; pins: Pin[] }[] = []
  for (const group of groups) {
    // Cases at one place (a ZIP centre) never part however far one zooms: they spread too.
    const onePlace = group.members.every((member) => member.x === group.x && member.y === group.y)
    if (group.members.length > MAX_SPREAD && zoom < SPREAD_ALL_ZOOM && !onePlace) {
      const members = group.members.map((member) => member.pin)
      const mean = (pick: (pin: Pin) => number) => members.reduce((sum, pin) => sum + pick(pin), 0) / members.length
      crowds.push({ lat: mean((pin) => pin.lat), lng: mean((pin) => pin.lng), pins: members })
      continue
    }
    const offsets = spreadOffsets(group.members.length, spacing)
    for (const [index, member] of group.members.entries()) {
      const [dx, dy] = offsets[index]
      shifts.set(member.pin.key, [
        Math.round((group.x + dx - member.x) * 10) / 10,
        Math.round((group.y + dy - member.y) * 10) / 10,
      ])
    }
  }
  return { shifts, crowds }
}
