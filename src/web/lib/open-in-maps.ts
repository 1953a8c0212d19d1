import { notify } from '../components/ui/toaster'

export function mapsUrl(query: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`
}

/**
 * Opens the address in a maps service in a new tab (SPEC.md section 2). When the browser blocks
 * the popup, the address goes to the clipboard instead, or, failing that, is shown to copy by hand.
 */
export async function openInMaps(address: string): Promise<void> {
  let opened: Window | null
  try {
    opened = window.open(mapsUrl(address), '_blank')
  } catch {
    notify.error({ title: 'Unable to open Maps', description: `Copy this address into your maps app: ${address}` })
    return
  }
  if (opened) {
    opened.opener = null
    return
  }
  try {
    await navigator.clipboard.writeText(address)
    notify.info({
      title: 'Popup blocked',
      description: 'The address was copied to your clipboard. Paste it into your maps app.',
    })
  } catch {
    notify.info({ title: 'Popup blocked', description: `Copy this address into your maps app: ${address}` })
  }
}
