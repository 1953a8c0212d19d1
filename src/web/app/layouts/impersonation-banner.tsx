import { useQueryClient } from '@tanstack/react-query'
import { Eye } from 'lucide-react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { displayName } from '../../../domain/profiles/display'
import { Button } from '../../components/ui/button'
import { notify } from '../../components/ui/toaster'
import { useMe } from '../../features/auth/session'
import { api, readJson } from '../../lib/api'

/** On every screen while an administrator views the product as someone else. */
export function ImpersonationBanner() {
  const me = useMe()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [stopping, setStopping] = useState(false)
  if (!me.data?.impersonatedBy) return null

  async function stop() {
    setStopping(true)
    try {
      const { redirectTo } = await readJson<{ redirectTo: string }>(await api.api.impersonation.stop.$post())
      queryClient.clear()
      navigate(redirectTo, { replace: true })
    } catch (error) {
      notify.error({
        title: 'Error',
        description: error instanceof Error ? error.message : 'An unexpected error occurred',
      })
    } finally {
      setStopping(false)
    }
  }

  return (
    <div
      role="status"
      className="flex items-center justify-center gap-3 bg-warning px-4 py-2 text-sm font-medium text-black"
    >
      <Eye className="size-4" aria-hidden />
      <span>{`Viewing as ${displayName(me.data.profile)}`}</span>
      <Button size="sm" variant="outline" className="h-7 bg-white/80 text-black" onClick={stop} disabled={stopping}>
        Stop impersonating
      </Button>
    </div>
  )
}
