import { Copy } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog'
import { notify } from '../../components/ui/toaster'

export type CreatedUser = { email: string; temporaryPassword: string | null }

/** After creating an account: the temporary password, shown this once, or where the link went. */
export function CreatedUserDialog({ created, onClose }: { created: CreatedUser | null; onClose: () => void }) {
  return (
    <Dialog open={Boolean(created)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>User Created</DialogTitle>
        {created?.temporaryPassword ? (
          <>
            <DialogDescription>
              {`Give ${created.email} this temporary password. It is shown only now, and must be replaced at the first sign-in.`}
            </DialogDescription>
            <div className="flex items-center gap-2">
              <code
                className="flex-1 rounded-md border bg-muted px-3 py-2 font-mono text-sm"
                data-testid="temporary-password"
              >
                {created.temporaryPassword}
              </code>
              <Button
                variant="outline"
                size="icon"
                aria-label="Copy password"
                onClick={async () => {
                  await navigator.clipboard.writeText(created.temporaryPassword ?? '')
                  notify.success({ title: 'Copied' })
                }}
              >
                <Copy aria-hidden />
              </Button>
            </div>
          </>
        ) : (
          <DialogDescription>{`An e-mail with a link to choose a password was sent to ${created?.email}.`}</DialogDescription>
        )}
        <div className="flex justify-end">
          <Button onClick={onClose}>Done</Button>
        </div>
      </DialogContent>
    </Dialog>
  )
}
