import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { FormField, TextareaField } from '../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../components/ui/form-problems'
import { notify } from '../../components/ui/toaster'
import { ApiError, readJson } from '../../lib/api'
import { markets, useMarketAdd, type ZipResult } from './markets-api'

export function AddZipsForm({ names }: { names: string[] }) {
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

export function AddLotForm() {
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
