import { Search } from 'lucide-react'
import { useState } from 'react'
import { formatCaseDate, formatDateTime } from '../../../domain/formats/dates'
import { formatWhole } from '../../../domain/formats/numbers'
import { ExportMenu } from '../../components/export-menu'
import { Button } from '../../components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog'
import { FormField } from '../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../components/ui/form-problems'
import { Input } from '../../components/ui/input'
import { notify } from '../../components/ui/toaster'
import { ApiError } from '../../lib/api'
import { useDebouncedValue } from '../../lib/use-debounced-value'
import { MyPayCard } from '../payroll/my-pay-card'
import { type CameraDriverDashboard, useCameraDriverDashboard, useRecordFind } from './api'
import { DashboardPage, EmptyText, Section } from './dashboard-parts'
import { WorkItemList } from './work-item-list'

type LookoutItem = CameraDriverDashboard['lookout'][number]

/** /dashboard/camera-driver: the plates to look for in my market, a find in two taps, my finds and my pay. */
export function CameraDriverPage() {
  const [plate, setPlate] = useState('')
  const debounced = useDebouncedValue(plate.trim(), 250)
  const query = useCameraDriverDashboard(debounced)
  return (
    <DashboardPage title="Camera Car Driver" description="Open cases of your market to look for." query={query}>
      {(data) => <Lookout data={data} plate={plate} setPlate={setPlate} />}
    </DashboardPage>
  )
}

function Lookout({
  data,
  plate,
  setPlate,
}: {
  data: CameraDriverDashboard
  plate: string
  setPlate: (plate: string) => void
}) {
  const [finding, setFinding] = useState<LookoutItem | null>(null)
  return (
    <div className="space-y-4">
      {data.noMarket ? (
        <Section title="Cases to look for">
          <EmptyText>Your profile has no market yet. Ask an administrator to set one.</EmptyText>
        </Section>
      ) : (
        <Section
          title={`Cases to look for in ${data.markets.join(', ') || 'every market'} (${formatWhole(data.total)})`}
          action={<ExportMenu list="camera-driver-lookout" query={{ plate: plate.trim() }} title="cases to look for" />}
        >
          <div className="relative mb-2">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              type="search"
              inputMode="search"
              autoCapitalize="characters"
              aria-label="Search by plate"
              placeholder="Plate fragment, e.g. 3BC"
              className="pl-9"
              value={plate}
              onChange={(event) => setPlate(event.target.value)}
            />
          </div>
          <WorkItemList
            testId="lookout"
            items={data.lookout}
            showAddress={false}
            empty={plate.trim() ? `No open case has a plate with ${plate.trim()}.` : 'No open cases in your market.'}
            extra={(item) => (
              <div className="flex items-center gap-2 sm:flex-col sm:items-end">
                <span className="text-muted-foreground">{item.area ?? '-'}</span>
                <Button size="sm" onClick={() => setFinding(item)} aria-label={`Record find: ${item.number}`}>
                  Record find
                </Button>
              </div>
            )}
          />
        </Section>
      )}
      <Section title="My finds">
        <WorkItemList
          testId="my-finds"
          items={data.myFinds}
          showAddress={false}
          empty="You have not recorded a find yet."
          extra={(item) => (
            <span className="text-muted-foreground">
              {[item.location, formatDateTime(item.foundAt)].filter(Boolean).join(' · ')}
            </span>
          )}
        />
      </Section>
      <MyPayCard />
      <FindDialog item={finding} onClose={() => setFinding(null)} />
    </div>
  )
}

function FindDialog({ item, onClose }: { item: LookoutItem | null; onClose: () => void }) {
  const [location, setLocation] = useState('')
  const [notes, setNotes] = useState('')
  const record = useRecordFind()
  // The server's refusal of a field: its reason beside it (other failures are toasts).
  const refusal = record.error instanceof ApiError && record.error.problems.length ? record.error : null
  const close = () => {
    setLocation('')
    setNotes('')
    record.reset()
    onClose()
  }
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogTitle>Record a find</DialogTitle>
        <DialogDescription>
          {item ? `${item.vehicle} · ${item.plate ?? 'no plate'} · case ${item.number}` : ''}
          {item?.lastSpottedAt ? ` · last spotted ${formatCaseDate(item.lastSpottedAt)}` : ''}
        </DialogDescription>
        <FormProblems error={refusal}>
          <form
            className="space-y-3"
            onSubmit={(event) => {
              event.preventDefault()
              if (!item) return
              record.mutate(
                { orderId: item.id, location: location.trim() || undefined, notes: notes.trim() || undefined },
                {
                  onSuccess: () => {
                    notify.success({ title: 'Find recorded', description: 'The field manager has been told.' })
                    close()
                  },
                  onError: (error) => {
                    if (error instanceof ApiError && error.problems.length) return
                    notify.error({ title: 'Failed to record the find', description: error.message })
                  },
                },
              )
            }}
          >
            <FormField
              id="find-location"
              label="Where"
              placeholder="e.g. Walmart, Airport Blvd"
              value={location}
              maxLength={200}
              onChange={(event) => setLocation(event.target.value)}
              field="location"
            />
            <FormField
              id="find-notes"
              label="Notes"
              value={notes}
              maxLength={1000}
              onChange={(event) => setNotes(event.target.value)}
              field="notes"
            />
            <FormProblemsSummary />
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" disabled={record.isPending}>
                {record.isPending ? 'Saving...' : 'Save find'}
              </Button>
            </div>
          </form>
        </FormProblems>
      </DialogContent>
    </Dialog>
  )
}
