import { statusBadgeColor } from '../../../domain/cases/status-badges'

// Full class names, so Tailwind keeps them. Mid-tone fills read on the light and the dark map.

/** A pin's fill by its status's SPEC.md section 4 colour (as `currentColor`). */
const STATUS_TEXT: Record<string, string> = {
  blue: 'text-blue-600 dark:text-blue-400',
  gray: 'text-gray-500 dark:text-gray-400',
  yellow: 'text-yellow-500 dark:text-yellow-300',
  amber: 'text-amber-500 dark:text-amber-400',
  orange: 'text-orange-500 dark:text-orange-400',
  green: 'text-green-600 dark:text-green-400',
  red: 'text-red-600 dark:text-red-400',
  emerald: 'text-emerald-600 dark:text-emerald-400',
  teal: 'text-teal-600 dark:text-teal-400',
  purple: 'text-purple-600 dark:text-purple-400',
  pink: 'text-pink-600 dark:text-pink-400',
  indigo: 'text-indigo-600 dark:text-indigo-400',
  cyan: 'text-cyan-600 dark:text-cyan-400',
}

export const statusTextClass = (status: string | null) => STATUS_TEXT[statusBadgeColor(status)]

/** Market coverage: one colour per market, in the order the markets come. */
const MARKET_FILLS = [
  'fill-sky-500 text-sky-500',
  'fill-violet-500 text-violet-500',
  'fill-amber-500 text-amber-500',
  'fill-emerald-500 text-emerald-500',
  'fill-rose-500 text-rose-500',
  'fill-cyan-500 text-cyan-500',
  'fill-lime-500 text-lime-500',
  'fill-fuchsia-500 text-fuchsia-500',
]

export const marketFillClass = (index: number) => MARKET_FILLS[index % MARKET_FILLS.length]
