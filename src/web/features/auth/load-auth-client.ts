import { notify } from '../../components/ui/toaster'

/**
 * better-auth's client, loaded on first use (a submit, a sign-out) rather than with the page
 * (issue 21). Null, after telling the person, when its code cannot be downloaded.
 */
export async function loadAuthClient(failureTitle: string) {
  try {
    return (await import('../../lib/auth-client')).authClient
  } catch {
    notify.error({ title: failureTitle, description: 'An unexpected error occurred' })
    return null
  }
}
