import { Truck } from 'lucide-react'
import { Link } from 'react-router'

/** The product's name and logo; the logo links to / (SPEC.md section 2). */
export const PRODUCT_NAME = 'Recovery Desk'

export function BrandLogo({ compact = false }: { compact?: boolean }) {
  return (
    <Link to="/" className="inline-flex items-center gap-2 font-semibold" aria-label={`${PRODUCT_NAME} home`}>
      <span className="flex size-10 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <Truck className="size-5" aria-hidden />
      </span>
      {!compact && <span className="text-lg">{PRODUCT_NAME}</span>}
    </Link>
  )
}
