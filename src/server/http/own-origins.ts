import type { Config } from '../config'

/** In development the Vite dev server (npm run dev) serves the screens from its own origin. */
const VITE_DEV_ORIGIN = 'http://localhost:5173'

export type OriginConfig = Pick<Config, 'env' | 'baseUrl' | 'publicUrlSet'>

/**
 * The origins that are the product's own for this request: PUBLIC_URL's; without PUBLIC_URL,
 * also whatever address the request itself reached (http://127.0.0.1:3000, the LAN address...),
 * so a person can sign in at any of the server's addresses. This list is the one rule: our
 * same-origin middleware and better-auth's trustedOrigins both use it.
 */
export function ownOrigins(config: OriginConfig, request: Request | undefined): string[] {
  const origins = [new URL(config.baseUrl).origin]
  if (config.env === 'development') origins.push(VITE_DEV_ORIGIN)
  if (!config.publicUrlSet && request) origins.push(`http://${new URL(request.url).host}`)
  return origins
}

/** Whether `origin` (an Origin header's value, or a Referer's origin) is the product's own. */
export function isOwnOrigin(config: OriginConfig, request: Request, origin: string): boolean {
  return ownOrigins(config, request).includes(origin)
}
