/** A screen whose content lands with its own issue: its title, so the route is real and reachable. */
export function PlaceholderScreen({ title, note }: { title: string; note?: string }) {
  return (
    <section className="space-y-2">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      {note && <p className="text-muted-foreground">{note}</p>}
    </section>
  )
}
