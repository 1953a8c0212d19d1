import { Copy } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog'
import { FormField } from '../../components/ui/form-field'
import { FormProblems, FormProblemsSummary } from '../../components/ui/form-problems'
import { notify } from '../../components/ui/toaster'
import { type ComplianceDocument, useCreateSignatureRequest } from './api'

/** Asks someone to sign a document: the link is mailed, and shown once here to copy. */
export function SignatureRequestDialog({
  document,
  onClose,
}: {
  document: ComplianceDocument | null
  onClose: () => void
}) {
  const [recipientName, setRecipientName] = useState('')
  const [recipientEmail, setRecipientEmail] = useState('')
  const [expiresInDays, setExpiresInDays] = useState('7')
  const [link, setLink] = useState<string | null>(null)
  // The server's refusal: a reason about a field shows beside it, any other below the form.
  const [refusal, setRefusal] = useState<unknown>(null)
  const create = useCreateSignatureRequest()

  const close = () => {
    setRecipientName('')
    setRecipientEmail('')
    setExpiresInDays('7')
    setLink(null)
    setRefusal(null)
    onClose()
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    if (!document) return
    setRefusal(null)
    try {
      const created = await create.mutateAsync({
        documentId: document.id,
        recipientName,
        recipientEmail,
        expiresInDays: Number(expiresInDays),
      })
      setLink(created.link)
      notify.success({ title: 'Signature request sent', description: `The link was e-mailed to ${recipientEmail}.` })
    } catch (failure) {
      setRefusal(failure)
    }
  }

  return (
    <Dialog open={Boolean(document)} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogTitle>Request signature</DialogTitle>
        {link ? (
          <>
            <DialogDescription>
              The signing link was e-mailed. It is shown only now; copy it to send it another way.
            </DialogDescription>
            <div className="flex items-center gap-2">
              <code
                className="flex-1 break-all rounded-md border bg-muted px-3 py-2 font-mono text-xs"
                data-testid="signature-link"
              >
                {link}
              </code>
              <Button
                variant="outline"
                onClick={async () => {
                  await navigator.clipboard.writeText(link)
                  notify.success({ title: 'Copied' })
                }}
              >
                <Copy aria-hidden />
                Copy link
              </Button>
            </div>
            <Button onClick={close}>Done</Button>
          </>
        ) : (
          <FormProblems error={refusal}>
            <form className="space-y-3" onSubmit={(event) => void submit(event)} noValidate>
              <DialogDescription>
                {document ? `${document.type_name}: the recipient gets a link to sign it.` : ''}
              </DialogDescription>
              <FormField
                id="recipient-name"
                label="Recipient name"
                value={recipientName}
                onChange={(event) => setRecipientName(event.target.value)}
                name="recipientName"
              />
              <FormField
                id="recipient-email"
                label="Recipient e-mail"
                type="email"
                value={recipientEmail}
                onChange={(event) => setRecipientEmail(event.target.value)}
                name="recipientEmail"
              />
              <FormField
                id="expires-in"
                label="Link valid for (days, 1-30)"
                type="number"
                min={1}
                max={30}
                value={expiresInDays}
                onChange={(event) => setExpiresInDays(event.target.value)}
                name="expiresInDays"
              />
              <FormProblemsSummary className="text-sm text-destructive" />
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? 'Sending...' : 'Send request'}
              </Button>
            </form>
          </FormProblems>
        )}
      </DialogContent>
    </Dialog>
  )
}
