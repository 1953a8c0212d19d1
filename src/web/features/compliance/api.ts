import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { InferResponseType } from 'hono/client'
import { api, readJson } from '../../lib/api'
import { type SubmitOptions, useSubmitMutation } from '../../lib/submit-key'

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

function useComplianceMutation<Input, Output>(call: (input: Input, submit: SubmitOptions) => Promise<Output>) {
  const queryClient = useQueryClient()
  return useSubmitMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: key }) })
}

export const useCreateDocumentType = () =>
  useComplianceMutation(async (json: { name: string; category: string | null }, submit) =>
    readJson(await compliance['document-types'].$post({ json }, submit)),
  )

type DocumentInput = {
  documentTypeId: string
  effectiveDate: string | null
  expirationDate: string | null
  notes: string | null
}

export const useCreateDocument = () =>
  useComplianceMutation(async (json: DocumentInput, submit) =>
    readJson(await compliance.documents.$post({ json }, submit)),
  )

type SignatureRequestInput = {
  documentId: string
  recipientName: string
  recipientEmail: string
  expiresInDays: number
}

/** The link is null only on the repeat of a submit whose first answer showed it (it is shown once). */
export const useCreateSignatureRequest = () =>
  useComplianceMutation(async ({ documentId, ...json }: SignatureRequestInput, submit) =>
    readJson<{ id: string; expiresAt: string; link: string | null }>(
      await compliance.documents[':documentId']['signature-requests'].$post({ param: { documentId }, json }, submit),
    ),
  )

export const useRevokeRequest = () =>
  useComplianceMutation(async (requestId: string, submit) =>
    readJson(await compliance['signature-requests'][':requestId'].revoke.$post({ param: { requestId } }, submit)),
  )
