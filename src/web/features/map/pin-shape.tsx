import { cn } from '../../lib/utils'

type Props = {
  source: 'order' | 'case'
  /** A Tailwind text colour: the fill is currentColor. */
  colorClass: string
  alert?: boolean
  updateDue?: boolean
  className?: string
}

/**
 * A case's mark: an order a circle, an RDN case a diamond; a red ring and '!' when violent or of
 * high priority; an amber ring with a clock when an update is due.
 */
export function PinShape({ source, colorClass, alert = false, updateDue = false, className }: Props) {
  return (
    <svg viewBox="-14 -14 28 28" className={cn('overflow-visible', className)} aria-hidden>
      {updateDue && <circle r={12} className="fill-none stroke-amber-500 dark:stroke-amber-400" strokeWidth={2.5} />}
      {alert && <circle r={9.5} className="fill-none stroke-red-600 dark:stroke-red-400" strokeWidth={2.5} />}
      <g className={cn(colorClass, 'stroke-white dark:stroke-neutral-900')} strokeWidth={1.5}>
        {source === 'order' ? (
          <circle r={6.5} fill="currentColor" />
        ) : (
          <rect x={-5} y={-5} width={10} height={10} transform="rotate(45)" fill="currentColor" />
        )}
      </g>
      {alert && (
        <g transform="translate(8 -8)">
          <circle r={5} className="fill-red-600 dark:fill-red-400" />
          <text y={3.2} textAnchor="middle" className="fill-white text-[9px] font-bold dark:fill-neutral-900">
            !
          </text>
        </g>
      )}
      {updateDue && (
        <g transform="translate(-8 8)" className="stroke-white dark:stroke-neutral-900">
          <circle r={5} className="fill-amber-500 dark:fill-amber-400" strokeWidth={1} />
          <path d="M0 -2.8 V0 H2.2" fill="none" strokeWidth={1.3} strokeLinecap="round" />
        </g>
      )}
    </svg>
  )
}
