import { useRef, useState } from 'react'
import { AVATAR_TYPES, MAX_AVATAR_BYTES } from '../../../domain/profiles/avatar-image'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { FormProblems, useFieldProblem } from '../../components/ui/form-problems'
import { notify } from '../../components/ui/toaster'
import { UserAvatar } from '../../components/ui/user-avatar'
import { ApiError } from '../../lib/api'
import type { Me } from '../auth/session'
import { useRemoveAvatar, useUploadAvatar } from './api'

export function AvatarCard({ profile }: { profile: Me['profile'] }) {
  const input = useRef<HTMLInputElement>(null)
  const upload = useUploadAvatar()
  const remove = useRemoveAvatar()
  // The server's refusal of the image shows below Upload Image.
  const [refusal, setRefusal] = useState<unknown>(null)

  async function choose(file: File | undefined) {
    if (!file) return
    setRefusal(null)
    // The server checks the bytes again; this spares a pointless upload.
    if (file.size > MAX_AVATAR_BYTES) return notify.failure(new Error('The image must be 2 MB or smaller.'))
    if (!(AVATAR_TYPES as readonly string[]).includes(file.type))
      return notify.failure(new Error('The image must be a PNG, JPEG, WebP or GIF file.'))
    try {
      await upload.mutateAsync(file)
      notify.success({ title: 'Avatar updated' })
    } catch (error) {
      if (error instanceof ApiError && error.problems.length) setRefusal(error)
      else notify.failure(error)
    } finally {
      if (input.current) input.current.value = ''
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Avatar</CardTitle>
        <CardDescription>PNG, JPEG, WebP or GIF, up to 2 MB.</CardDescription>
      </CardHeader>
      <CardContent>
        <FormProblems error={refusal}>
          <div className="flex flex-wrap items-center gap-4">
            <UserAvatar person={profile} className="size-16 text-lg" />
            <input
              ref={input}
              type="file"
              accept={AVATAR_TYPES.join(',')}
              className="sr-only"
              id="avatar-file"
              aria-label="Avatar image file"
              tabIndex={-1}
              onChange={(event) => void choose(event.target.files?.[0])}
            />
            <UploadButton onClick={() => input.current?.click()} uploading={upload.isPending} />
            {profile.avatar_url && (
              <Button
                variant="ghost"
                onClick={() => remove.mutate(undefined, { onError: notify.failure })}
                disabled={remove.isPending}
              >
                Remove
              </Button>
            )}
          </div>
        </FormProblems>
      </CardContent>
    </Card>
  )
}

const UPLOAD_ID = 'avatar-upload'

/** Upload Image, marked when the server refused the image (it takes the focus), the reason on a line of its own below. */
function UploadButton({ onClick, uploading }: { onClick: () => void; uploading: boolean }) {
  const problem = useFieldProblem('avatar', UPLOAD_ID)
  return (
    <>
      <Button
        id={UPLOAD_ID}
        variant="outline"
        onClick={onClick}
        disabled={uploading}
        aria-invalid={Boolean(problem)}
        aria-describedby={problem ? `${UPLOAD_ID}-error` : undefined}
      >
        {uploading ? 'Uploading...' : 'Upload Image'}
      </Button>
      {problem && (
        <p id={`${UPLOAD_ID}-error`} className="order-last basis-full text-sm text-destructive">
          {problem}
        </p>
      )}
    </>
  )
}
