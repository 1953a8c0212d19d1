import { CheckCircle2, Clock, ExternalLink } from 'lucide-react'
import { type FormEvent, useEffect, useState } from 'react'
import { formatDateTime } from '../../../domain/formats/dates'
import { Button } from '../../components/ui/button'
import { FormField } from '../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../components/ui/form-problems'
import { notify } from '../../components/ui/toaster'
import type { Release } from './api'
import { useRequestReleaseSignature } from './release-api'

/** How often a release waiting for its signature is asked for again, so 'Signed' shows on its own. */
const WAITING_REFRESH_MS = 5_000

/** Asks again while a signature is awaited: every few seconds, and as soon as the window is back in front. */
export function useRefreshWhileWaiting(waiting: boolean, refresh: () => void) {
  useEffect(() => {
    if (!waiting) return
    const timer = window.setInterval(refresh, WAITING_REFRESH_MS)
    const onFocus = () => refresh()
    window.addEventListener('focus', onFocus)
    document.addEventListener('visibilitychange', onFocus)
    return () => {
      window.clearInterval(timer)
      window.removeEventListener('focus', onFocus)
      document.removeEventListener('visibilitychange', onFocus)
    }
  }, [waiting, refresh])
}

function SignatureLink({ link, expiresAt }: { link: string; expiresAt: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link)
      notify.success({ title: 'Link copied' })
    } catch {
      notify.error({ title: 'Could not copy: select the link and copy it.' })
    }
  }
  return (
    <div className="space-y-2 rounded-md border p-3">
      <label htmlFor="release-signature-link" className="text-sm font-medium">
        Signature link (works until {formatDateTime(expiresAt)})
      </label>
      <input
        id="release-signature-link"
        data-testid="release-signature-link"
        readOnly
        value={link}
        onFocus={(event) => event.target.select()}
        className="w-full min-w-0 rounded-md border bg-muted/40 px-2 py-1.5 font-mono text-xs"
      />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="button" variant="outline" onClick={copy}>
          Copy link
        </Button>
        <Button asChild>
          <a href={link} target="_blank" rel="noopener noreferrer">
            <ExternalLink className="size-4" aria-hidden />
            Sign on this device
          </a>
        </Button>
      </div>
    </div>
  )
}

/**
 * 'Have the release signed': the person taking the vehicle is named (an address mails them the
 * link), then the link is copied or opened here to sign on the spot; where the signature stands.
 */
export function ReleaseSignatureStep({ release, suggestedName }: { release: Release; suggestedName?: string | null }) {
  const request = useRequestReleaseSignature(release.id)
  const [name, setName] = useState(suggestedName ?? '')
  const [email, setEmail] = useState('')
  const signature = release.signature
  if (signature?.status === 'signed') {
    return (
      <p className="flex items-center gap-2 text-sm" data-testid="release-signature">
        <CheckCircle2 className="size-4 shrink-0 text-green-600" aria-hidden />
        {`Signed by ${signature.signerName ?? 'the signer'}${signature.signedAt ? ` on ${formatDateTime(signature.signedAt)}` : ''}`}
      </p>
    )
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    request.mutate({ name, email: email.trim() || null })
  }
  return (
    <div className="space-y-3">
      <h4 className="text-sm font-medium">Have the release signed</h4>
      {signature?.status === 'waiting' && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="release-signature">
          <Clock className="size-4 shrink-0" aria-hidden />
          Waiting for signature
        </p>
      )}
      {request.data ? (
        <SignatureLink link={request.data.link} expiresAt={request.data.expiresAt} />
      ) : (
        <FormProblems error={request.error}>
          <form className="space-y-3" onSubmit={submit} aria-label="Have the release signed">
            <FormField
              id="release-signer-name"
              label="Name of the person signing"
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={120}
              autoComplete="off"
              field="name"
            />
            <FormField
              id="release-signer-email"
              label="Email to send the link to (optional)"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              maxLength={320}
              field="email"
            />
            <FormProblemsSummary className="text-sm text-destructive" />
            <Button type="submit" variant="outline" className="w-full sm:w-auto" disabled={request.isPending}>
              {request.isPending ? 'Preparing...' : signature ? 'Send a new link' : 'Get the signature link'}
            </Button>
          </form>
        </FormProblems>
      )}
    </div>
  )
}
