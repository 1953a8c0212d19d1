import { api, readJson } from '../../lib/api'

/** Sets the new password (with a reset link's token, or for a forced change) and signs in afresh. */
export async function setNewPassword(newPassword: string, token: string | null) {
  const response = await api.api.account.password.$post({ json: { newPassword, ...(token ? { token } : {}) } })
  return readJson<{ ok: true; redirectTo: string }>(response)
}
