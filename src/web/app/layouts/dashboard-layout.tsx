import { useQueryClient } from '@tanstack/react-query'
import { LogOut } from 'lucide-react'
import { Outlet, useNavigate } from 'react-router'
import { Button } from '../../components/ui/button'
import { notify } from '../../components/ui/toaster'
import { BrandLogo } from '../../features/auth/brand'
import { meQueryOptions, useMe } from '../../features/auth/session'
import { authClient } from '../../lib/auth-client'

/** The frame around /dashboard's screens. The full shell (sidebar, search, menus) builds on it. */
export function DashboardLayout() {
  const me = useMe()
  const navigate = useNavigate()
  const queryClient = useQueryClient()

  async function signOut() {
    const { error } = await authClient.signOut()
    if (error && ![401, 403, 404].includes(error.status)) {
      notify.error({ title: 'Sign Out Failed', description: error.message || 'An unexpected error occurred' })
      return
    }
    queryClient.setQueryData(meQueryOptions.queryKey, null)
    navigate('/', { replace: true })
  }

  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-10 flex h-16 items-center justify-between border-b bg-background/95 px-4 backdrop-blur">
        <BrandLogo />
        <div className="flex items-center gap-3">
          <span className="hidden text-sm text-muted-foreground sm:inline">{me.data?.profile.email}</span>
          <Button variant="ghost" size="sm" onClick={signOut}>
            <LogOut aria-hidden />
            Sign Out
          </Button>
        </div>
      </header>
      <main className="p-4 md:p-6">
        <Outlet />
      </main>
    </div>
  )
}
