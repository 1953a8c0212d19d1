import { createAuthClient } from 'better-auth/client'

/** better-auth's browser client, for the endpoints the server exposes: sign-in, sign-out, reset request. */
export const authClient = createAuthClient({ basePath: '/api/auth' })
