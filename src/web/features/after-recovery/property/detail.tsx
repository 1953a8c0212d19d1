import { Clock } from 'lucide-react'
import { useState } from 'react'
import { formatCaseDate, formatDateTime } from '../../../../domain/formats/dates'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import type { ReportTarget } from '../../condition-reports/api'
import type { PropertyDetail, SignatureLink } from './api'
import { AppointmentsSection } from './appointments'
import { daysUntil, holdText } from './clock'
import { DisposalForm, disposalNote, ReleaseForm } from './item-actions'
import { ItemList } from './items'
import { NoticesSection } from './notices'
import { Section } from './parts'
import { ReleaseRow, SigningLink } from './releases'

const RULE_SOURCE = { company: 'your company’s rule', state: 'the state’s rule', default: 'the default rule' }

function HoldClock({ data }: { data: PropertyDetail }) {
  const inventory = data.inventory
  if (!inventory?.holdUntil) return null
  const ended = daysUntil(inventory.holdUntil) < 0
  return (
    <div className="space-y-1 text-sm" data-testid="property-clock">
      <p className="flex flex-wrap items-center gap-2">
        <Clock className="size-4 text-muted-foreground" aria-hidden />
        <span>
          Held until {formatCaseDate(inventory.holdUntil)}
          {inventory.state && ` (${inventory.state})`}
        </span>
        <Badge variant={ended ? 'outline' : 'secondary'}>{holdText(inventory.holdUntil)}</Badge>
      </p>
      {inventory.noticeDue && <p>Notice to the debtor due {formatCaseDate(inventory.noticeDue)}</p>}
      {data.rule && (
        <p className="text-muted-foreground">
          {data.rule.holdDays} days held, notice within {data.rule.noticeDays} days ({RULE_SOURCE[data.rule.source]})
        </p>
      )}
    </div>
  )
}

type Mode = 'release' | 'dispose' | null

/** A case's property as the redemption screens work with it: items, clock, notices, pickups, releases. */
export function PropertyDetailBody({ target, data }: { target: ReportTarget; data: PropertyDetail }) {
  const { inventory, items } = data
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [mode, setMode] = useState<Mode>(null)
  const [links, setLinks] = useState<Record<string, SignatureLink>>({})
  const [orphanLink, setOrphanLink] = useState<SignatureLink | null>(null)
  if (!inventory) return null
  const notices = data.notices ?? []
  const releases = data.releases ?? []
  const mayRelease = data.may?.release ?? false
  const heldIds = items.filter((item) => item.status === 'held').map((item) => item.id)
  const chosen = [...selected].filter((id) => heldIds.includes(id))
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  const finish = () => {
    setMode(null)
    setSelected(new Set())
  }
  return (
    <div className="space-y-4 text-sm">
      <HoldClock data={data} />
      <p className="text-muted-foreground">
        Inventoried {inventory.inventoriedAt && formatDateTime(inventory.inventoriedAt)}
        {inventory.inventoriedBy && ` by ${inventory.inventoriedBy}`}
        {inventory.secondPerson && ` with ${inventory.secondPerson}`}
      </p>
      {inventory.noProperty ? (
        <p>No personal property found.</p>
      ) : (
        <Section title={`Items: ${heldIds.length} of ${items.length} held`}>
          <ItemList items={items} selected={selected} onToggle={mayRelease && heldIds.length ? toggle : undefined} />
          {mayRelease && heldIds.length > 0 && mode === null && (
            <div className="flex flex-wrap items-center gap-2">
              <Button size="sm" disabled={chosen.length === 0} onClick={() => setMode('release')}>
                Release selected ({chosen.length})
              </Button>
              {data.canDispose ? (
                <Button size="sm" variant="outline" disabled={chosen.length === 0} onClick={() => setMode('dispose')}>
                  Dispose of selected ({chosen.length})
                </Button>
              ) : (
                <span className="text-xs text-muted-foreground">{disposalNote(inventory.holdUntil, notices)}</span>
              )}
              {chosen.length === 0 && (
                <span className="w-full text-xs text-muted-foreground">Select held items first.</span>
              )}
            </div>
          )}
          {mode === 'release' && (
            <ReleaseForm
              target={target}
              inventoryId={inventory.id}
              itemIds={chosen}
              onCancel={() => setMode(null)}
              onStarted={(releaseId, link) => {
                if (releaseId) setLinks((all) => ({ ...all, [releaseId]: link }))
                else setOrphanLink(link)
                finish()
              }}
            />
          )}
          {mode === 'dispose' && (
            <DisposalForm
              target={target}
              inventoryId={inventory.id}
              itemIds={chosen}
              notices={notices}
              onDone={finish}
            />
          )}
          {orphanLink && <SigningLink link={orphanLink} />}
        </Section>
      )}
      {releases.length > 0 && (
        <Section title="Releases and disposals">
          <ul className="space-y-2">
            {releases.map((release) => (
              <ReleaseRow
                key={release.id}
                target={target}
                release={release}
                items={items}
                link={links[release.id]}
                onLink={(link) => setLinks((all) => ({ ...all, [release.id]: link }))}
                canAct={mayRelease}
              />
            ))}
          </ul>
        </Section>
      )}
      {!inventory.noProperty && (
        <>
          <NoticesSection
            target={target}
            inventoryId={inventory.id}
            notices={notices}
            noticeDue={inventory.noticeDue}
            canSend={mayRelease}
          />
          <AppointmentsSection
            target={target}
            inventoryId={inventory.id}
            appointments={data.appointments ?? []}
            canBook={heldIds.length > 0}
          />
        </>
      )}
    </div>
  )
}
