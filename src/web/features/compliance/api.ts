import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { InferResponseType } from 'hono/client'
import { api, readJson } from '../../lib/api'

const compliance = api.api.compliance
export type ComplianceDocument = InferResponseType<typeof compliance.documents.$get, 200>['documents'][number]
export type DocumentType = InferResponseType<(typeof compliance)['document-types']['$get'], 200>['types'][number]
export type DocumentFilter = { status: string; expiringSoon: boolean }

const key = ['compliance'] as const

export function useDocumentTypes() {
  return useQuery({
    queryKey: [...key, 'types'],
    queryFn: async () => (await readJson<{ types: DocumentType[] }>(await compliance['document-types'].$get())).types,
  })
}

export function useDocuments(filter: DocumentFilter) {
  return useQuery({
    queryKey: [...key, 'documents', filter],
    queryFn: async () =>
      (
        await readJson<{ documents: ComplianceDocument[] }>(
          await compliance.documents.$get({
            query: {
              ...(filter.status ? { status: filter.status as 'pending' } : {}),
              ...(filter.expiringSoon ? { expiringSoon: 'true' as const } : {}),
            },
          }),
        )
      ).documents,
  })
}

function useComplianceMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: key }) })
}

export const useCreateDocumentType = () =>
  useComplianceMutation(async (json: { name: string; category: string | null }) =>
    readJson(await compliance['document-types'].$post({ json })),
  )

export const useCreateDocument = () =>
  useComplianceMutation(
    async (json: {
      documentTypeId: string
      effectiveDate: string | null
      expirationDate: string | null
      notes: string | null
    }) => readJson(await compliance.documents.$post({ json })),
  )

export const useCreateSignatureRequest = () =>
  useComplianceMutation(
    async ({
      documentId,
      ...json
    }: {
      documentId: string
      recipientName: string
      recipientEmail: string
      expiresInDays: number
    }) =>
      readJson<{ id: string; expiresAt: string; link: string }>(
        await compliance.documents[':documentId']['signature-requests'].$post({ param: { documentId }, json }),
      ),
  )

export const useRevokeRequest = () =>
  useComplianceMutation(async (requestId: string) =>
    readJson(await compliance['signature-requests'][':requestId'].revoke.$post({ param: { requestId } })),
  )
