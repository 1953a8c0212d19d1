import { useCallback, useEffect, useState } from 'react'
import { ApiError, readJson } from '../../lib/api-response'

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

/** Tries after a failure of the server or the network, 1 then 2 s apart; a refusal (4xx) is final. */
const RETRY_DELAYS_MS = [1_000, 2_000]

async function fetchRequest(token: string): Promise<SignatureRequestView> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await readJson<SignatureRequestView>(await fetch(path(token)))
    } catch (error) {
      const refused = error instanceof ApiError && error.status < 500
      if (refused || attempt >= RETRY_DELAYS_MS.length) throw error
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt]))
    }
  }
}

export type SignatureRequest =
  | { status: 'pending' }
  | { status: 'success'; data: SignatureRequestView }
  | { status: 'error'; error: unknown }
/** An answer, and the link it answers. */
type Loaded = Exclude<SignatureRequest, { status: 'pending' }> & { token: string }

/**
 * The link's document. Plain React state, not the app's query cache: an outside recipient's phone
 * downloads only this page (issue 21). `refetch` keeps what is shown until the new answer arrives.
 */
export function useSignatureRequest(token: string | undefined): SignatureRequest & { refetch: () => void } {
  const [loaded, setLoaded] = useState<Loaded>()
  const [round, setRound] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round (refetch) asks again
  useEffect(() => {
    if (!token) return
    let current = true
    fetchRequest(token).then(
      (data) => current && setLoaded({ token, status: 'success', data }),
      (error: unknown) => current && setLoaded({ token, status: 'error', error }),
    )
    return () => {
      current = false
    }
  }, [token, round])
  const refetch = useCallback(() => setRound((count) => count + 1), [])
  // An answer for another link (the address changed) is not this one's.
  if (!loaded || loaded.token !== token) return { status: 'pending', refetch }
  return { ...loaded, refetch }
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
