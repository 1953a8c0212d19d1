import { ShieldX } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { canOpenScreen } from '../../domain/auth/permissions'
import type { Screen } from '../../domain/auth/screens'
import { useMe } from '../features/auth/session'

/** A screen the role may not open (SPEC.md section 6) shows why, and the way to its own screen. */
export function ScreenGate({ screen, children }: { screen: Screen; children: ReactNode }) {
  const me = useMe()
  if (canOpenScreen(me.data?.profile.role, screen)) return children
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
      <ShieldX className="size-10 text-destructive" aria-hidden />
      <h1 className="text-2xl font-semibold">Access Denied</h1>
      <p className="text-muted-foreground">{`Your role does not have access to ${screen}.`}</p>
      <Link to={me.data?.defaultRoute ?? '/dashboard'} className="text-primary underline hover:opacity-80">
        Go to your dashboard
      </Link>
    </section>
  )
}
