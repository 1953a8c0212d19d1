import { useQuery } from '@tanstack/react-query'
import { ApiError, readJson } from '../../lib/api'

type SignatureDocument = {
  type: string
  category: string | null
  effectiveDate: string | null
  expirationDate: string | null
  company: string
  /** The statement to read and sign (a release's), when the document has one. */
  body: string | null
}
export type SignatureRequestView =
  | { state: 'valid'; document: SignatureDocument; recipientName: string | null; expiresAt: string }
  | { state: 'signed'; document: SignatureDocument; signerName: string | null; signedAt: string }

const path = (token: string) => `/api/public/signatures/${encodeURIComponent(token)}`

export function useSignatureRequest(token: string | undefined) {
  return useQuery({
    queryKey: ['signature', token],
    queryFn: async () => readJson<SignatureRequestView>(await fetch(path(token as string))),
    enabled: Boolean(token),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    refetchOnWindowFocus: false,
  })
}

export async function submitSignature(
  token: string,
  body: { signerName: string; notes: string | null; signatureImage: string },
): Promise<void> {
  await readJson(
    await fetch(path(token), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  )
}
