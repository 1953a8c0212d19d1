import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { InferResponseType } from 'hono/client'
import { X } from 'lucide-react'
import { useState } from 'react'
import { formatCoordinates } from '../../../domain/geo/coordinates'
import { ActiveBadge } from '../../components/active-badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { FormField, TextareaField } from '../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../components/ui/form-problems'
import { notify } from '../../components/ui/toaster'
import { ApiError, api, readJson } from '../../lib/api'
import { type SubmitOptions, useSubmitMutation } from '../../lib/submit-key'

type Market = InferResponseType<typeof api.api.markets.$get, 200>['markets'][number]
type ZipResult = {
  added: string[]
  alreadyHere: string[]
  inOtherMarkets: { zip: string; market: string }[]
  invalid: string[]
}
const markets = api.api.markets
const key = ['markets'] as const

function useMarketsRefresh() {
  const queryClient = useQueryClient()
  return () => {
    void queryClient.invalidateQueries({ queryKey: key })
    // Markets of cases are re-detected on the server when ZIPs change.
    void queryClient.invalidateQueries({ queryKey: ['cases'] })
  }
}

function useMarketChange<Input, Output>(call: (input: Input) => Promise<Output>) {
  return useMutation({ mutationFn: call, onSuccess: useMarketsRefresh() })
}

/** An addition, sent once per submit (its Idempotency-Key). */
function useMarketAdd<Input, Output>(call: (input: Input, submit: SubmitOptions) => Promise<Output>) {
  return useSubmitMutation({ mutationFn: call, onSuccess: useMarketsRefresh() })
}

function AddZipsForm({ names }: { names: string[] }) {
  const [market, setMarket] = useState('')
  const [zips, setZips] = useState('')
  // The server's refusal: a reason about a field (no ZIP codes at all) shows beside it.
  const [refusal, setRefusal] = useState<unknown>(null)
  const add = useMarketAdd(async (json: { market: string; zips: string }, submit) =>
    readJson<ZipResult>(await markets.zips.$post({ json }, submit)),
  )
  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setRefusal(null)
    try {
      const result = await add.mutateAsync({ market, zips })
      const parts = [`${result.added.length} added`]
      if (result.inOtherMarkets.length) {
        parts.push(
          `already in another market: ${result.inOtherMarkets.map((entry) => `${entry.zip} (${entry.market})`).join(', ')}`,
        )
      }
      if (result.invalid.length) parts.push(`not 5-digit ZIP codes: ${result.invalid.join(', ')}`)
      const toast = { title: `ZIP codes for ${market}`, description: parts.join('; ') }
      if (result.inOtherMarkets.length || result.invalid.length) notify.error(toast)
      else notify.success(toast)
      setZips('')
    } catch (error) {
      if (error instanceof ApiError && error.problems.length) setRefusal(error)
      else notify.failure(error)
    }
  }
  return (
    <FormProblems error={refusal}>
      <form className="space-y-2" onSubmit={(event) => void submit(event)}>
        <div className="flex flex-wrap items-start gap-2">
          <FormField
            id="zips-market"
            label="Market"
            hideLabel
            name="market"
            placeholder="Market, e.g. Mobile"
            list="market-names"
            value={market}
            onChange={(event) => setMarket(event.target.value)}
            className="w-56"
          />
          <datalist id="market-names">
            {names.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          <Button type="submit" disabled={!market.trim() || !zips.trim() || add.isPending}>
            Add ZIP codes
          </Button>
        </div>
        <TextareaField
          id="zips-codes"
          label="ZIP codes"
          hideLabel
          name="zips"
          className="font-mono"
          placeholder="Paste ZIP codes, separated by spaces, commas or new lines"
          value={zips}
          onChange={(event) => setZips(event.target.value)}
        />
        <FormProblemsSummary className="text-sm text-destructive" />
      </form>
    </FormProblems>
  )
}

function AddLotForm() {
  const [draft, setDraft] = useState({ market: '', name: '', address: '', coordinates: '' })
  // The server's refusal: a reason about a field (coordinates it cannot read) shows beside it.
  const [refusal, setRefusal] = useState<unknown>(null)
  const add = useMarketAdd(async (json: typeof draft, submit) => readJson(await markets.lots.$post({ json }, submit)))
  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setRefusal(null)
    try {
      await add.mutateAsync(draft)
      notify.success({ title: 'Lot added' })
      setDraft({ market: draft.market, name: '', address: '', coordinates: '' })
    } catch (failure) {
      setRefusal(failure)
    }
  }
  const field = (name: keyof typeof draft) => ({
    id: `lot-${name}`,
    name,
    hideLabel: true,
    value: draft[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setDraft({ ...draft, [name]: event.target.value }),
  })
  return (
    <FormProblems error={refusal}>
      <form className="space-y-1" onSubmit={(event) => void submit(event)}>
        <div className="grid items-start gap-2 sm:grid-cols-2 lg:grid-cols-5">
          <FormField label="Lot market" placeholder="Market" list="market-names" {...field('market')} />
          <FormField label="Lot name" placeholder="Lot name" {...field('name')} />
          <FormField label="Lot address" placeholder="Address" {...field('address')} />
          <FormField label="Coordinates" placeholder="lat,lng or (lat,lng) or lat lng" {...field('coordinates')} />
          <Button
            type="submit"
            variant="outline"
            disabled={!draft.market.trim() || !draft.name.trim() || add.isPending}
          >
            Add lot
          </Button>
        </div>
        <FormProblemsSummary className="text-sm text-destructive" />
      </form>
    </FormProblems>
  )
}

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
