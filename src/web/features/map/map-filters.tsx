import { ChevronDown, SlidersHorizontal } from 'lucide-react'
import { useState } from 'react'
import { MAP_STATUSES } from '../../../domain/map/map-query'
import { Button } from '../../components/ui/button'
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu'
import { Input } from '../../components/ui/input'
import { NativeSelect } from '../../components/ui/native-select'
import { cn } from '../../lib/utils'
import type { MapFilterChoices } from './api'
import { LAYER_LABELS, MAP_LAYERS, type MapFilters, type MapLayer, WINDOW_CHOICES, WINDOW_LABELS } from './map-params'

const field = 'flex min-w-0 flex-col gap-1 text-xs font-medium text-muted-foreground'

type Props = {
  filters: MapFilters
  choices: MapFilterChoices | undefined
  showAgent: boolean
  layers: Set<MapLayer>
  onChange: (changes: Record<string, string | null>) => void
  onLayer: (layer: MapLayer, on: boolean) => void
}

/** The map's filters and layers; on a phone they fold under one 'Filters' button. */
export function MapFiltersBar({ filters, choices, showAgent, layers, onChange, onLayer }: Props) {
  const [open, setOpen] = useState(false)
  const statuses = filters.status ? filters.status.split(',') : []
  const active = ['status', 'market', 'agent', 'client', 'window', 'spotted'].filter(
    (name) => filters[name as keyof MapFilters],
  ).length
  const markets = [...(choices?.markets ?? [])]
  if (filters.market && !markets.includes(filters.market)) markets.unshift(filters.market)
  return (
    <div className="space-y-2">
      <Button
        variant="outline"
        className="w-full justify-between md:hidden"
        aria-expanded={open}
        aria-controls="map-filters"
        onClick={() => setOpen(!open)}
      >
        <span className="flex items-center gap-2">
          <SlidersHorizontal aria-hidden />
          {active ? `Filters (${active})` : 'Filters'}
        </span>
        <ChevronDown aria-hidden className={cn('transition-transform', open && 'rotate-180')} />
      </Button>
      <div id="map-filters" className={cn('space-y-3 md:block', open ? 'block' : 'hidden')}>
        <div className="grid grid-cols-2 gap-2 md:grid-cols-3 lg:grid-cols-6">
          <div className={field}>
            <span id="map-status-label">Status</span>
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button
                  variant="outline"
                  className="justify-between font-normal"
                  aria-labelledby="map-status-label map-status-value"
                >
                  <span id="map-status-value" className="truncate">
                    {statuses.length === 0
                      ? 'Any status'
                      : statuses.length === 1
                        ? statuses[0]
                        : `${statuses.length} statuses`}
                  </span>
                  <ChevronDown aria-hidden />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="start" className="max-h-80 overflow-y-auto">
                {MAP_STATUSES.map((status) => (
                  <DropdownMenuCheckboxItem
                    key={status}
                    checked={statuses.includes(status)}
                    onSelect={(event) => event.preventDefault()}
                    onCheckedChange={(checked) => {
                      const next = checked ? [...statuses, status] : statuses.filter((value) => value !== status)
                      onChange({ status: next.join(',') })
                    }}
                  >
                    {status}
                  </DropdownMenuCheckboxItem>
                ))}
              </DropdownMenuContent>
            </DropdownMenu>
          </div>
          <div className={field}>
            <label htmlFor="map-market">Market</label>
            <NativeSelect
              id="map-market"
              value={filters.market ?? ''}
              onChange={(e) => onChange({ market: e.target.value })}
            >
              <option value="">All markets</option>
              {markets.map((market) => (
                <option key={market} value={market}>
                  {market}
                </option>
              ))}
            </NativeSelect>
          </div>
          {showAgent && (
            <div className={field}>
              <label htmlFor="map-agent">Agent</label>
              <NativeSelect
                id="map-agent"
                value={filters.agent ?? ''}
                onChange={(e) => onChange({ agent: e.target.value })}
              >
                <option value="">Any agent</option>
                {choices?.agents.map((agent) => (
                  <option key={agent.id} value={agent.id}>
                    {agent.name}
                  </option>
                ))}
              </NativeSelect>
            </div>
          )}
          <div className={field}>
            <label htmlFor="map-client">Client</label>
            <NativeSelect
              id="map-client"
              value={filters.client ?? ''}
              onChange={(e) => onChange({ client: e.target.value })}
            >
              <option value="">All clients</option>
              {choices?.clients.map((client) => (
                <option key={client.id} value={client.id}>
                  {client.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className={field}>
            <label htmlFor="map-window">Window</label>
            <NativeSelect
              id="map-window"
              value={filters.window ?? 'all'}
              onChange={(e) => onChange({ window: e.target.value === 'all' ? null : e.target.value })}
            >
              {WINDOW_CHOICES.map((window) => (
                <option key={window} value={window}>
                  {WINDOW_LABELS[window]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className={field}>
            <label htmlFor="map-spotted">Spotted</label>
            <NativeSelect
              id="map-spotted"
              value={filters.spotted ?? ''}
              onChange={(e) => onChange({ spotted: e.target.value })}
            >
              <option value="">Any</option>
              <option value="yes">Yes</option>
              <option value="no">No</option>
            </NativeSelect>
          </div>
          {filters.window === 'custom' && (
            <>
              <div className={field}>
                <label htmlFor="map-from">From</label>
                <Input
                  id="map-from"
                  type="date"
                  value={filters.from ?? ''}
                  onChange={(e) => onChange({ from: e.target.value })}
                />
              </div>
              <div className={field}>
                <label htmlFor="map-to">To</label>
                <Input
                  id="map-to"
                  type="date"
                  value={filters.to ?? ''}
                  onChange={(e) => onChange({ to: e.target.value })}
                />
              </div>
            </>
          )}
        </div>
        <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <legend className="sr-only">Layers</legend>
          <span aria-hidden className="text-xs font-medium text-muted-foreground">
            Layers
          </span>
          {MAP_LAYERS.map((layer) => (
            <label key={layer} className="flex items-center gap-1.5 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={layers.has(layer)}
                onChange={(e) => onLayer(layer, e.target.checked)}
              />
              {LAYER_LABELS[layer]}
            </label>
          ))}
        </fieldset>
      </div>
    </div>
  )
}
