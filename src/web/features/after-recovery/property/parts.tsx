import type { ReactNode } from 'react'

/** The server's reason a change was refused, beside the form that asked. */
export function ServerMessage({ error }: { error: Error | null }) {
  if (!error) return null
  return (
    <p role="alert" className="text-sm text-destructive">
      {error.message}
    </p>
  )
}

/** One part of a case's property (notices, pickups, releases...): a heading and its content. */
export function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section className="space-y-3 border-t pt-4" aria-label={title}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">{title}</h3>
        {action}
      </div>
      {children}
    </section>
  )
}
