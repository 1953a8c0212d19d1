import { Plus } from 'lucide-react'
import { useState } from 'react'
import { formatWhole } from '../../../domain/formats/numbers'
import { ActiveBadge } from '../../components/active-badge'
import { ExportMenu } from '../../components/export-menu'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { Input } from '../../components/ui/input'
import { notify } from '../../components/ui/toaster'
import { useDebouncedValue } from '../../lib/use-debounced-value'
import { type ClientRow, useClients, useSaveClient } from './api'
import { ClientDialog } from './client-dialog'
import { SubStatusesCard } from './sub-statuses-card'
/** /dashboard/clients: the company's lenders with their codes, orders and cases. */
export function ClientsPage() {
  const [search, setSearch] = useState('')
  const q = useDebouncedValue(search.trim(), 250)
  const clients = useClients(q)
  const save = useSaveClient()
  const [editing, setEditing] = useState<ClientRow | null>(null)
  const [open, setOpen] = useState(false)

  async function setActive(client: ClientRow, active: boolean) {
    if (!active && !window.confirm(`Deactivate ${client.name}? Imports stop matching it; its orders stay.`)) return
    try {
      await save.mutateAsync({
        id: client.id,
        name: client.name,
        lienholderName: client.lienholder_name,
        displayName: client.display_name,
        clientCode: client.client_code,
        active,
      })
      notify.success({ title: active ? 'Client reactivated' : 'Client deactivated' })
    } catch (error) {
      notify.failure(error)
    }
  }

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
          <div className="space-y-1.5">
            <CardTitle as="h1">Client Management</CardTitle>
            <CardDescription>
              Lenders the agency works for; the import matches pasted client names against the active ones.
            </CardDescription>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <ExportMenu list="clients" query={{ q }} title="clients" />
            <Button
              onClick={() => {
                setEditing(null)
                setOpen(true)
              }}
            >
              <Plus aria-hidden />
              New client
            </Button>
          </div>
        </CardHeader>
        <CardContent className="space-y-3">
          <Input
            aria-label="Search clients"
            placeholder="Search by name, lienholder or code..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="max-w-sm"
          />
          {clients.isPending && <p className="text-sm text-muted-foreground">Loading...</p>}
          {clients.isError && <p className="text-sm text-destructive">{clients.error.message}</p>}
          {clients.data?.length === 0 && (
            <p className="text-sm text-muted-foreground">{q ? 'No clients match.' : 'No clients yet.'}</p>
          )}
          {clients.data && clients.data.length > 0 && (
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <thead className="text-left text-muted-foreground">
                  <tr>
                    <th className="p-2">Name</th>
                    <th className="p-2">Lienholder</th>
                    <th className="p-2">Code</th>
                    <th className="p-2 text-right">Orders</th>
                    <th className="p-2 text-right">Cases</th>
                    <th className="p-2">Status</th>
                    <th className="p-2" />
                  </tr>
                </thead>
                <tbody>
                  {clients.data.map((client) => (
                    <tr key={client.id} className="border-t" data-testid="client-row">
                      <td className="p-2">
                        <div className="font-medium">{client.name}</div>
                        {client.display_name && client.display_name !== client.name && (
                          <div className="text-xs text-muted-foreground">{client.display_name}</div>
                        )}
                      </td>
                      <td className="p-2">{client.lienholder_name ?? '-'}</td>
                      <td className="p-2 font-mono">{client.client_code}</td>
                      <td className="p-2 text-right">{formatWhole(client.order_count)}</td>
                      <td className="p-2 text-right">{formatWhole(client.case_count)}</td>
                      <td className="p-2">
                        <ActiveBadge active={client.active} />
                      </td>
                      <td className="space-x-2 whitespace-nowrap p-2 text-right">
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => {
                            setEditing(client)
                            setOpen(true)
                          }}
                        >
                          Edit
                        </Button>
                        <Button size="sm" variant="ghost" onClick={() => void setActive(client, !client.active)}>
                          {client.active ? 'Deactivate' : 'Reactivate'}
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </CardContent>
      </Card>
      <SubStatusesCard />
      {open && <ClientDialog key={editing?.id ?? 'new'} client={editing} onClose={() => setOpen(false)} />}
    </div>
  )
}
