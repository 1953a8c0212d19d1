import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { notify } from '../../components/ui/toaster'
import { loadAuthClient } from './load-auth-client'

/** SPEC.md sections 8 and 9: 401, 403 and 404 are ignored; success goes to /. */
export function useSignOut() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  return async () => {
    const authClient = await loadAuthClient('Sign Out Failed')
    if (!authClient) return
    try {
      const { error } = await authClient.signOut()
      if (error && ![401, 403, 404].includes(error.status)) {
        notify.error({ title: 'Sign Out Failed', description: error.message || 'An unexpected error occurred' })
        return
      }
    } catch (error) {
      notify.error({
        title: 'Sign Out Failed',
        description: error instanceof Error ? error.message : 'An unexpected error occurred',
      })
      return
    }
    queryClient.clear()
    navigate('/', { replace: true })
  }
}
