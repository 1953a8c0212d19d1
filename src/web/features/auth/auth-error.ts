/**
 * What to tell the person about a refused better-auth call: better-auth's own answers carry
 * `message`; ours (a page opened at an address other than PUBLIC_URL, too many failed sign-ins
 * with the wait) carry `error.message`.
 */
export function authErrorMessage(error: { message?: string; error?: { message?: string } }, fallback: string): string {
  return error.error?.message ?? error.message ?? fallback
}
