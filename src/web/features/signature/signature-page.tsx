import { CheckCircle2, FileSignature } from 'lucide-react'
import { useRef, useState } from 'react'
import { Link, useParams } from 'react-router'
import { LEGAL_NOTICE, SIGNATURE_TEXTS } from '../../../domain/compliance/signature'
import { formatCaseDate, formatDateTime } from '../../../domain/formats/dates'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { FormField, TextareaField } from '../../components/ui/form-field'
import { FormProblems, FormProblemsSummary, useFieldProblem } from '../../components/ui/form-problems'
import { Label } from '../../components/ui/label'
import { notify } from '../../components/ui/toaster'
import { ApiError } from '../../lib/api-response'
import { type SignatureRequestView, submitSignature, useSignatureRequest } from './api'
import { SignaturePad, type SignaturePadHandle } from './signature-pad'

function Centered({ children }: { children: React.ReactNode }) {
  return <main className="flex min-h-screen items-center justify-center bg-muted/30 p-4">{children}</main>
}

function InvalidLink({ message }: { message: string }) {
  return (
    <Centered>
      <Card className="w-full max-w-md text-center">
        <CardHeader>
          <CardTitle as="h1">{message}</CardTitle>
          <CardDescription>Ask the sender for a new signature link.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild>
            <Link to="/">Return to Home</Link>
          </Button>
        </CardContent>
      </Card>
    </Centered>
  )
}

function SignedCard({ view }: { view: Extract<SignatureRequestView, { state: 'signed' }> }) {
  return (
    <Centered>
      <Card className="w-full max-w-md text-center" data-testid="signature-confirmation">
        <CardHeader>
          <CheckCircle2 className="mx-auto size-10 text-green-600" aria-hidden />
          <CardTitle as="h1">{SIGNATURE_TEXTS.signedTitle}</CardTitle>
          <CardDescription>{`${view.document.type} for ${view.document.company} was signed by ${view.signerName ?? '-'} on ${formatDateTime(view.signedAt)}.`}</CardDescription>
        </CardHeader>
      </Card>
    </Centered>
  )
}

function SignatureForm({
  token,
  view,
  onSigned,
}: {
  token: string
  view: Extract<SignatureRequestView, { state: 'valid' }>
  onSigned: () => void
}) {
  const [signerName, setSignerName] = useState(view.recipientName ?? '')
  const [notes, setNotes] = useState('')
  const [submitting, setSubmitting] = useState(false)
  // The server's refusal: a reason about a field (the name, the signature) shows beside it.
  const [refusal, setRefusal] = useState<unknown>(null)
  const pad = useRef<SignaturePadHandle>(null)
  const { document } = view

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setRefusal(null)
    if (!signerName.trim()) {
      notify.error({ title: SIGNATURE_TEXTS.missingNameTitle, description: SIGNATURE_TEXTS.missingName })
      return
    }
    if (!pad.current || pad.current.isEmpty()) {
      notify.error({ title: SIGNATURE_TEXTS.missingSignatureTitle, description: SIGNATURE_TEXTS.missingSignature })
      return
    }
    setSubmitting(true)
    try {
      await submitSignature(token, {
        signerName: signerName.trim(),
        notes: notes.trim() || null,
        signatureImage: pad.current.toDataUrl(),
      })
      notify.success({ title: SIGNATURE_TEXTS.signedTitle, description: SIGNATURE_TEXTS.signed })
      onSigned()
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        notify.error({ title: SIGNATURE_TEXTS.securityTitle, description: SIGNATURE_TEXTS.security })
        // Show what the link is now (signed, expired or invalid) instead of a form that cannot work.
        onSigned()
      } else if (error instanceof ApiError && error.status === 400 && error.problems.length) {
        setRefusal(error)
      } else {
        notify.error({ title: 'Error', description: SIGNATURE_TEXTS.failed })
      }
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <main className="mx-auto max-w-3xl space-y-4 px-2 py-4 sm:p-4 md:p-8">
      <Card>
        <CardHeader>
          <div className="flex items-center gap-2 text-muted-foreground">
            <FileSignature className="size-5" aria-hidden />
            {document.company}
          </div>
          <CardTitle as="h1" className="text-2xl">
            {document.type}
          </CardTitle>
          <CardDescription>
            {[
              document.category,
              document.effectiveDate && `Effective ${formatCaseDate(document.effectiveDate)}`,
              document.expirationDate && `Expires ${formatCaseDate(document.expirationDate)}`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {document.body && (
            <p
              className="mb-4 whitespace-pre-line rounded-md border bg-muted/40 p-3 text-sm"
              data-testid="document-body"
            >
              {document.body}
            </p>
          )}
          <FormProblems error={refusal}>
            <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
              <FormField
                id="signer-name"
                label="Your full name"
                name="signerName"
                value={signerName}
                onChange={(event) => setSignerName(event.target.value)}
                autoComplete="name"
                disabled={submitting}
              />
              <SignatureField pad={pad} disabled={submitting} />
              <TextareaField
                id="signer-notes"
                label="Notes (optional)"
                name="notes"
                value={notes}
                onChange={(event) => setNotes(event.target.value)}
                maxLength={2000}
                disabled={submitting}
              />
              <p className="text-xs text-muted-foreground">{LEGAL_NOTICE}</p>
              <FormProblemsSummary />
              <Button type="submit" disabled={submitting} className="w-full sm:w-auto">
                {submitting ? 'Signing...' : 'Sign Document'}
              </Button>
            </form>
          </FormProblems>
        </CardContent>
      </Card>
    </main>
  )
}

/** The pad with its label, and the server's reason about the signature below it. */
function SignatureField({ pad, disabled }: { pad: React.RefObject<SignaturePadHandle | null>; disabled: boolean }) {
  const id = 'signature-pad'
  const problem = useFieldProblem('signatureImage', id)
  return (
    <div className="space-y-2">
      <Label>Signature</Label>
      {/* On a phone the pad spans the card, edge to edge: as wide a place to sign as there is. */}
      <SignaturePad
        ref={pad}
        id={id}
        disabled={disabled}
        aria-invalid={Boolean(problem)}
        aria-describedby={problem ? `${id}-error` : undefined}
        className="-mx-6 w-[calc(100%+3rem)] max-w-none rounded-none border-x-0 sm:mx-0 sm:w-full sm:max-w-[800px] sm:rounded-md sm:border-x"
      />
      {problem && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </div>
  )
}

/** /signature/<token>: public, authorised by the token alone (SPEC.md sections 2 and 6). */
export function SignaturePage() {
  const { token } = useParams()
  const request = useSignatureRequest(token)
  if (!token) return <InvalidLink message={SIGNATURE_TEXTS.noToken} />
  if (request.status === 'pending') {
    return (
      <Centered>
        <p className="text-muted-foreground" aria-busy="true">
          Loading...
        </p>
      </Centered>
    )
  }
  if (request.status === 'error') {
    const status = request.error instanceof ApiError ? request.error.status : 0
    const message =
      status === 410 ? SIGNATURE_TEXTS.expired : status === 404 ? SIGNATURE_TEXTS.invalid : SIGNATURE_TEXTS.loadFailed
    return <InvalidLink message={message} />
  }
  if (request.data.state === 'signed') return <SignedCard view={request.data} />
  // Reloaded after signing, or when the link stopped working, to show what it is now.
  return <SignatureForm token={token} view={request.data} onSigned={request.refetch} />
}
