import { Plus } from 'lucide-react'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { useRateCards } from './api'
import { FeeCatalogCard } from './fee-catalog-card'
import { NewCardDialog } from './new-card-dialog'
import { RateCardPanel } from './rate-card-panel'

/** /dashboard/fees: clients' rate cards, versioned by effective date, and the fee catalog. */
export function FeesPage() {
  const cards = useRateCards()
  const [params, setParams] = useSearchParams()
  const selected = params.get('card') ?? cards.data?.[0]?.id ?? null
  // An invoice of a client without a card links here with that client (?newCardFor=<client id>).
  const newCardFor = params.get('newCardFor')
  const [creating, setCreating] = useState(newCardFor !== null)
  const select = (id: string) => setParams({ card: id }, { replace: true })

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
          <div className="space-y-1.5">
            <CardTitle as="h1">Fee Schedules</CardTitle>
            <CardDescription>
              What each client pays: rate cards by effective date; the version in force on a repossession date prices
              the case.
            </CardDescription>
          </div>
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden />
            New rate card
          </Button>
        </CardHeader>
        <CardContent className="grid gap-4 md:grid-cols-[16rem_1fr]">
          <nav aria-label="Rate cards" className="min-w-0 space-y-1">
            {cards.isPending && <p className="text-sm text-muted-foreground">Loading...</p>}
            {cards.isError && <p className="text-sm text-destructive">{cards.error.message}</p>}
            {cards.data?.length === 0 && (
              <p className="text-sm text-muted-foreground">No rate cards yet: create one for a client.</p>
            )}
            {cards.data?.map((card) => (
              <button
                key={card.id}
                type="button"
                aria-current={card.id === selected ? 'true' : undefined}
                onClick={() => select(card.id)}
                className="w-full rounded-md px-3 py-2 text-left text-sm hover:bg-accent aria-[current=true]:bg-accent"
              >
                <span className="block font-medium">{card.client_name}</span>
                <span className="block text-xs text-muted-foreground">
                  {card.lienholder_name ? `For ${card.lienholder_name} · ` : ''}
                  {card.version_count} {card.version_count === 1 ? 'version' : 'versions'}
                </span>
              </button>
            ))}
          </nav>
          {/* min-w-0: a wide rates table scrolls inside its box, not the page (a grid track grows to its content). */}
          <div className="min-w-0">{selected && <RateCardPanel key={selected} cardId={selected} />}</div>
        </CardContent>
      </Card>
      <FeeCatalogCard />
      {creating && (
        <NewCardDialog
          clientId={newCardFor ?? ''}
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false)
            select(id)
          }}
        />
      )}
    </div>
  )
}
