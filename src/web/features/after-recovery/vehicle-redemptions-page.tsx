import { useQueryClient } from '@tanstack/react-query'
import { ExternalLink } from 'lucide-react'
import { type ReactNode, useCallback, useEffect, useState, useSyncExternalStore } from 'react'
import { Link, useSearchParams } from 'react-router'
import { formatWhole } from '../../../domain/formats/numbers'
import {
  REDEMPTION_LIST_PAGE,
  RELEASE_STATE_LABELS,
  RELEASE_STATES,
  type ReleaseState,
} from '../../../domain/redemption/redemption-list'
import { ListSearchInput, useListSearchText } from '../../components/list-search'
import { ListLoadError, ListNotice } from '../../components/list-table'
import { Button } from '../../components/ui/button'
import { NativeSelect } from '../../components/ui/native-select'
import { RedemptionCard } from './redemption-card'
import { RedemptionListSkeleton, RedemptionVehicleRow } from './redemption-vehicle-row'
import { type RedemptionVehicle, useRedemptionList } from './release-api'

const DESK_QUERY = '(min-width: 1024px)'

/** Whether the window is desk-wide: the card then stands beside the list, else under its vehicle. */
function useDeskWidth() {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(DESK_QUERY)
      query.addEventListener('change', onChange)
      return () => query.removeEventListener('change', onChange)
    },
    () => window.matchMedia(DESK_QUERY).matches,
  )
}

const detailHref = (vehicle: RedemptionVehicle) =>
  vehicle.target.subject === 'order' ? `/order/${vehicle.target.orderId}` : `/cases/${vehicle.target.caseId}`

/** The selected vehicle's Redemption card, and the way to its whole case. */
function SelectedVehicle({ vehicle }: { vehicle: RedemptionVehicle }) {
  return (
    <div id="redemption-selected" className="space-y-2" data-testid="redemption-selected">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium">{`${vehicle.label}${vehicle.vehicle ? ` · ${vehicle.vehicle}` : ''}`}</p>
        <Link
          to={detailHref(vehicle)}
          className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
        >
          {vehicle.target.subject === 'order' ? 'Open the order' : 'Open the case'}
          <ExternalLink className="size-3.5" aria-hidden />
        </Link>
      </div>
      <RedemptionCard key={vehicle.caseKey} target={vehicle.target} />
    </div>
  )
}

/** A release changed on a card (authorized, signed, handed over): the list shows it too. */
function useListFollowsReleases() {
  const queryClient = useQueryClient()
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success') return
        if (event.query.queryKey[0] === 'releases')
          void queryClient.invalidateQueries({ queryKey: ['redemption-list'], refetchType: 'active' })
      }),
    [queryClient],
  )
}

const isState = (value: string | null): value is ReleaseState =>
  (RELEASE_STATES as readonly string[]).includes(value ?? '')

/**
 * The list's search, state filter and chosen vehicle, kept in the address (Back from a case comes
 * back to them); how many vehicles are listed starts again at a page for each new search.
 */
function useRedemptionListState() {
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? undefined
  const requested = params.get('status')
  const status: ReleaseState | '' = isState(requested) ? requested : ''
  const selectedKey = params.get('vehicle')
  const update = useCallback(
    (changes: Record<string, string | null | undefined>, options: { replace: boolean } = { replace: true }) =>
      setParams((current) => {
        const next = new URLSearchParams(current)
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value)
          else next.delete(name)
        }
        return next
      }, options),
    [setParams],
  )
  const [text, setText] = useListSearchText(q, update)
  const search = `${q ?? ''}|${status}`
  const [pages, setPages] = useState({ search, limit: REDEMPTION_LIST_PAGE })
  const limit = pages.search === search ? pages.limit : REDEMPTION_LIST_PAGE
  return {
    q: q ?? '',
    status,
    selectedKey,
    text,
    setText,
    limit,
    showMore: () => setPages({ search, limit: limit + REDEMPTION_LIST_PAGE }),
    filter: (value: ReleaseState | '') => update({ status: value || null }),
    toggle: (key: string) => update({ vehicle: selectedKey === key ? null : key }),
  }
}

/** /dashboard/vehicle-redemptions: the recovered vehicles, where each release stands, and its card. */
export function VehicleRedemptionsPage() {
  const { q, status, selectedKey, text, setText, limit, showMore, filter, toggle } = useRedemptionListState()
  const list = useRedemptionList({ q, status, limit })
  const desk = useDeskWidth()
  useListFollowsReleases()

  const vehicles = list.data?.vehicles ?? []
  const selected = vehicles.find((vehicle) => vehicle.caseKey === selectedKey) ?? null

  let content: ReactNode
  if (list.isPending) content = <RedemptionListSkeleton />
  else if (list.isError)
    content = (
      <ListLoadError message={`Failed to load the vehicles: ${list.error.message}`} onRetry={() => list.refetch()} />
    )
  else if (vehicles.length === 0)
    content = (
      <ListNotice>
        {q || status ? 'No recovered vehicle matches this search.' : 'No recovered vehicles yet.'}
      </ListNotice>
    )
  else
    content = (
      <ul className="space-y-2" aria-label="Recovered vehicles">
        {vehicles.map((vehicle) => (
          <li key={vehicle.caseKey} className="space-y-2">
            <RedemptionVehicleRow
              vehicle={vehicle}
              selected={vehicle.caseKey === selectedKey}
              onSelect={() => toggle(vehicle.caseKey)}
            />
            {!desk && vehicle.caseKey === selectedKey && <SelectedVehicle vehicle={vehicle} />}
          </li>
        ))}
      </ul>
    )

  const total = list.data?.total ?? 0
  return (
    <section className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Vehicle Redemptions</h1>
        <p className="text-sm text-muted-foreground">
          Recovered vehicles, their redemption quote, and their release or transport.
        </p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <ListSearchInput
          label="Search vehicles"
          placeholder="Case, VIN or debtor"
          value={text}
          onChange={setText}
          className="min-w-0"
        />
        <NativeSelect
          aria-label="Release state"
          value={status}
          onChange={(event) => filter(event.target.value as ReleaseState | '')}
          className="sm:w-56"
        >
          <option value="">All release states</option>
          {RELEASE_STATES.map((state) => (
            <option key={state} value={state}>
              {RELEASE_STATE_LABELS[state]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,32rem)] lg:items-start">
        <div className="space-y-3">
          {content}
          {total > 0 && (
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
              <p data-testid="listed-of">{`Listing ${formatWhole(vehicles.length)} of ${formatWhole(total)} vehicles`}</p>
              {vehicles.length < total && (
                <Button variant="outline" size="sm" disabled={list.isPlaceholderData} onClick={showMore}>
                  {list.isPlaceholderData ? 'Loading...' : 'Show more vehicles'}
                </Button>
              )}
            </div>
          )}
        </div>
        {desk && (
          <div className="lg:sticky lg:top-20">
            {selected ? (
              <SelectedVehicle vehicle={selected} />
            ) : (
              <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
                Choose a vehicle to see its quote and release.
              </p>
            )}
          </div>
        )}
      </div>
    </section>
  )
}
