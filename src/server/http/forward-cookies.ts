/** Copies the Set-Cookie headers of a better-auth response onto ours (session switches). */
export function forwardCookies(from: Response, to: Response): Response {
  for (const cookie of from.headers.getSetCookie()) to.headers.append('set-cookie', cookie)
  return to
}
