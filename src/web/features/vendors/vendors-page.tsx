import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { InferResponseType } from 'hono/client'
import { useState } from 'react'
import { DIRECT_DROP } from '../../../domain/cases/storage-location'
import { VENDOR_TYPES, type VendorInput, type VendorType } from '../../../domain/vendors/vendor'
import { ActiveBadge } from '../../components/active-badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { FormField, SelectField } from '../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../components/ui/form-problems'
import { NativeSelect } from '../../components/ui/native-select'
import { notify } from '../../components/ui/toaster'
import { ApiError, api, readJson } from '../../lib/api'
import { useSubmitMutation } from '../../lib/submit-key'

type Vendor = InferResponseType<typeof api.api.vendors.$get, 200>['vendors'][number]
const key = ['vendors'] as const
const EMPTY = { name: '', type: '' as VendorType | '', address: '', phone: '', email: '' }

/** /dashboard/vendors: the lots, auctions, rentals, locksmiths, transporters and forwarders. */
export function VendorsPage() {
  const queryClient = useQueryClient()
  const list = useQuery({
    queryKey: key,
    queryFn: async () => (await readJson<{ vendors: Vendor[] }>(await api.api.vendors.$get())).vendors,
  })
  const create = useSubmitMutation({
    mutationFn: async (json: VendorInput, submit) => readJson(await api.api.vendors.$post({ json }, submit)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  })
  const save = useMutation({
    mutationFn: async ({ id, ...json }: VendorInput & { id: string }) =>
      readJson(await api.api.vendors[':vendorId'].$patch({ param: { vendorId: id }, json })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  })
  const [draft, setDraft] = useState(EMPTY)
  const [filter, setFilter] = useState<VendorType | ''>('')
  // The server's refusal: a reason about a field (an e-mail it cannot read, a name taken) shows beside it.
  const [refusal, setRefusal] = useState<unknown>(null)

  async function add(event: React.FormEvent) {
    event.preventDefault()
    setRefusal(null)
    try {
      await create.mutateAsync({ ...draft, type: draft.type as VendorType })
      notify.success({ title: 'Vendor added' })
      setDraft(EMPTY)
    } catch (error) {
      if (error instanceof ApiError && error.problems.length) setRefusal(error)
      else notify.failure(error)
    }
  }
  const field = (name: keyof typeof EMPTY) => ({
    id: `vendor-${name}`,
    name,
    hideLabel: true,
    value: draft[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setDraft({ ...draft, [name]: event.target.value }),
  })
  const shown = list.data?.filter((vendor) => !filter || vendor.type === filter)

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <Card>
        <CardHeader>
          <CardTitle as="h1">Vendors</CardTitle>
          <CardDescription>{`Storage lots, auctions, rentals, locksmiths, transporters and forwarders. The three ${DIRECT_DROP} locations are marked.`}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-3">
          <FormProblems error={refusal}>
            <form
              className="grid items-start gap-2 sm:grid-cols-3 lg:grid-cols-6"
              onSubmit={(event) => void add(event)}
            >
              <FormField label="Vendor name" placeholder="Name" {...field('name')} />
              <SelectField
                id="vendor-type"
                label="Vendor type"
                hideLabel
                name="type"
                value={draft.type}
                onChange={(event) => setDraft({ ...draft, type: event.target.value as VendorType })}
              >
                <option value="">Type...</option>
                {Object.entries(VENDOR_TYPES).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </SelectField>
              <FormField label="Vendor address" placeholder="Address" {...field('address')} />
              <FormField label="Vendor phone" placeholder="Phone" {...field('phone')} />
              <FormField label="Vendor e-mail" placeholder="E-mail" {...field('email')} />
              <Button type="submit" disabled={!draft.name.trim() || !draft.type || create.isPending}>
                Add vendor
              </Button>
              <FormProblemsSummary className="text-sm text-destructive sm:col-span-3 lg:col-span-6" />
            </form>
          </FormProblems>
          <NativeSelect
            aria-label="Vendor type filter"
            value={filter}
            onChange={(event) => setFilter(event.target.value as VendorType | '')}
            className="w-48"
          >
            <option value="">All types</option>
            {Object.entries(VENDOR_TYPES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
          {list.isPending && <p className="text-sm text-muted-foreground">Loading...</p>}
          {list.isError && <p className="text-sm text-destructive">{list.error.message}</p>}
          {shown?.length === 0 && <p className="text-sm text-muted-foreground">No vendors.</p>}
          {shown && shown.length > 0 && (
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <thead className="text-left text-muted-foreground">
                  <tr>
                    <th className="p-2">Name</th>
                    <th className="p-2">Type</th>
                    <th className="p-2">Address</th>
                    <th className="p-2">Phone</th>
                    <th className="p-2">E-mail</th>
                    <th className="p-2" />
                  </tr>
                </thead>
                <tbody>
                  {shown.map((vendor) => (
                    <tr key={vendor.id} className="border-t" data-testid="vendor-row">
                      <td className="p-2 font-medium">
                        {vendor.name}
                        {vendor.direct_drop && (
                          <span className="ml-2 rounded-full bg-orange-700 px-2 py-0.5 text-xs font-semibold text-white">
                            {DIRECT_DROP}
                          </span>
                        )}
                      </td>
                      <td className="p-2">{VENDOR_TYPES[vendor.type as VendorType] ?? vendor.type}</td>
                      <td className="p-2">{vendor.address ?? '-'}</td>
                      <td className="p-2">{vendor.phone ?? '-'}</td>
                      <td className="p-2">{vendor.email ?? '-'}</td>
                      <td className="p-2 text-right">
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() =>
                            void save
                              .mutateAsync({
                                id: vendor.id,
                                name: vendor.name,
                                type: vendor.type as VendorType,
                                address: vendor.address,
                                phone: vendor.phone,
                                email: vendor.email,
                                active: !vendor.active,
                              })
                              .catch(notify.failure)
                          }
                        >
                          <ActiveBadge active={vendor.active} />
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
    </div>
  )
}
