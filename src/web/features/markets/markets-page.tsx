import { useQuery } from '@tanstack/react-query'
import { X } from 'lucide-react'
import { formatCoordinates } from '../../../domain/geo/coordinates'
import { ActiveBadge } from '../../components/active-badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { notify } from '../../components/ui/toaster'
import { readJson } from '../../lib/api'
import { AddLotForm, AddZipsForm } from './market-forms'
import { key, type Market, markets, useMarketChange } from './markets-api'

function MarketCard({ market }: { market: Market }) {
  const toggleZip = useMarketChange(async ({ id, active }: { id: string; active: boolean }) =>
    readJson(await markets.zips[':zipId'].$patch({ param: { zipId: id }, json: { active } })),
  )
  const removeZip = useMarketChange(async (id: string) =>
    readJson(await markets.zips[':zipId'].$delete({ param: { zipId: id } })),
  )
  const toggleLot = useMarketChange(async ({ id, active }: { id: string; active: boolean }) =>
    readJson(await markets.lots[':lotId'].$patch({ param: { lotId: id }, json: { active } })),
  )
  return (
    <Card data-testid="market-card">
      <CardHeader className="pb-2">
        <CardTitle className="text-base">{market.name}</CardTitle>
        <CardDescription>{`${market.zips.filter((zip) => zip.active).length} active ZIP codes · ${market.lots.length} lots`}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <ul className="flex flex-wrap gap-1.5">
          {market.zips.map((zip) => (
            <li
              key={zip.id}
              className={`inline-flex items-center gap-1 rounded-md border px-2 py-0.5 font-mono ${zip.active ? '' : 'opacity-50 line-through'}`}
            >
              <button
                type="button"
                title={zip.active ? 'Deactivate' : 'Activate'}
                onClick={() => toggleZip.mutate({ id: zip.id, active: !zip.active }, { onError: notify.failure })}
              >
                {zip.zip_code}
              </button>
              <button
                type="button"
                aria-label={`Remove ${zip.zip_code}`}
                onClick={() => removeZip.mutate(zip.id, { onError: notify.failure })}
              >
                <X className="size-3" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
        {market.lots.length > 0 && (
          <ul className="space-y-1">
            {market.lots.map((lot) => (
              <li key={lot.id} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  <span className="font-medium">{lot.name}</span>
                  {lot.address && <span className="text-muted-foreground">{` · ${lot.address}`}</span>}
                  <span className="ml-2 font-mono text-xs">
                    {formatCoordinates({ lat: lot.latitude, lng: lot.longitude })}
                  </span>
                </span>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => toggleLot.mutate({ id: lot.id, active: !lot.active }, { onError: notify.failure })}
                >
                  <ActiveBadge active={lot.active} />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

/**
 * The lots placed by their coordinates, relative to one another (no map tiles: this works offline,
 * which is where the product runs); each dot is labelled with its lot and market.
 */
function LotsMap({ lots }: { lots: (Market['lots'][number] & { market: string })[] }) {
  if (lots.length === 0) return null
  const width = 640
  const height = 240
  const pad = 60
  const lats = lots.map((lot) => lot.latitude)
  const lngs = lots.map((lot) => lot.longitude)
  const [minLat, maxLat, minLng, maxLng] = [Math.min(...lats), Math.max(...lats), Math.min(...lngs), Math.max(...lngs)]
  const spanLat = Math.max(maxLat - minLat, 0.5)
  const spanLng = Math.max(maxLng - minLng, 0.5)
  const x = (lng: number) => pad + ((lng - minLng) / spanLng) * (width - 2 * pad)
  const y = (lat: number) => height - pad / 2 - ((lat - minLat) / spanLat) * (height - pad)
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className="w-full rounded-md border bg-muted/30"
      role="img"
      aria-label="Map of the lots"
    >
      {lots.map((lot) => (
        <g key={lot.id} opacity={lot.active ? 1 : 0.4}>
          <circle cx={x(lot.longitude)} cy={y(lot.latitude)} r={6} className="fill-primary" />
          <text
            x={x(lot.longitude) + (x(lot.longitude) > width / 2 ? -9 : 9)}
            y={y(lot.latitude) + 4}
            textAnchor={x(lot.longitude) > width / 2 ? 'end' : 'start'}
            className="fill-foreground text-[11px]"
          >
            {`${lot.name} (${lot.market})`}
          </text>
        </g>
      ))}
    </svg>
  )
}

/** /dashboard/markets: each market's ZIP codes and storage lots. */
export function MarketsPage() {
  const list = useQuery({
    queryKey: key,
    queryFn: async () => (await readJson<{ markets: Market[] }>(await markets.$get())).markets,
  })
  const names = list.data?.map((market) => market.name) ?? []
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <Card>
        <CardHeader>
          <CardTitle as="h1">Market Configuration</CardTitle>
          <CardDescription>
            A case's market comes from its ZIP codes (debtor 95%, recovery 85%, additional 70%); an import also uses the
            nearest active lot. A ZIP code belongs to one market. Changes apply to the cases at once.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <AddZipsForm names={names} />
          <AddLotForm />
          <LotsMap
            lots={list.data?.flatMap((market) => market.lots.map((lot) => ({ ...lot, market: market.name }))) ?? []}
          />
        </CardContent>
      </Card>
      {list.isPending && <p className="text-sm text-muted-foreground">Loading...</p>}
      {list.isError && <p className="text-sm text-destructive">{list.error.message}</p>}
      {list.data?.length === 0 && (
        <p className="text-sm text-muted-foreground">No markets yet: add ZIP codes to a market above.</p>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        {list.data?.map((market) => (
          <MarketCard key={market.name} market={market} />
        ))}
      </div>
    </div>
  )
}
