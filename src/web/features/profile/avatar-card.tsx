import { useRef } from 'react'
import { AVATAR_TYPES, MAX_AVATAR_BYTES } from '../../../domain/profiles/avatar-image'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { notify } from '../../components/ui/toaster'
import { UserAvatar } from '../../components/ui/user-avatar'
import type { Me } from '../auth/session'
import { useRemoveAvatar, useUploadAvatar } from './api'

export function AvatarCard({ profile }: { profile: Me['profile'] }) {
  const input = useRef<HTMLInputElement>(null)
  const upload = useUploadAvatar()
  const remove = useRemoveAvatar()

  async function choose(file: File | undefined) {
    if (!file) return
    // The server checks the bytes again; this spares a pointless upload.
    if (file.size > MAX_AVATAR_BYTES) return notify.failure(new Error('The image must be 2 MB or smaller.'))
    if (!(AVATAR_TYPES as readonly string[]).includes(file.type))
      return notify.failure(new Error('The image must be a PNG, JPEG, WebP or GIF file.'))
    try {
      await upload.mutateAsync(file)
      notify.success({ title: 'Avatar updated' })
    } catch (error) {
      notify.failure(error)
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
      <CardContent className="flex flex-wrap items-center gap-4">
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
        <Button variant="outline" onClick={() => input.current?.click()} disabled={upload.isPending}>
          {upload.isPending ? 'Uploading...' : 'Upload Image'}
        </Button>
        {profile.avatar_url && (
          <Button
            variant="ghost"
            onClick={() => remove.mutate(undefined, { onError: notify.failure })}
            disabled={remove.isPending}
          >
            Remove
          </Button>
        )}
      </CardContent>
    </Card>
  )
}
