import { expect, type Page, test } from '@playwright/test'
import { field, openOrderFromSearch } from './fixtures/detail-page'
import { signInAndLand } from './fixtures/sign-in'
import { E2E_FULL_ORDER, E2E_ROLE_PASSWORD, roleEmail } from './seed-data'

async function openFullOrderFromSearch(page: Page) {
  await signInAndLand(page, roleEmail('field_manager'), E2E_ROLE_PASSWORD)
  await openOrderFromSearch(page, 'Avery Castillo', 'CASE-5003')
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/)
}

test('an order opened from the header search shows every section', async ({ page }) => {
  await openFullOrderFromSearch(page)
  await expect(page.getByText('2018 Honda Accord')).toBeVisible()
  await expect(page.getByText('Repossessed').first()).toBeVisible()
  await expect(page.getByText('High', { exact: true })).toBeVisible()
  for (const title of [
    'Vehicle Information',
    'Borrower Information',
    'Recovery Information',
    'Assignment',
    'Fee Requests',
    'Client',
    'Timeline',
    'Found & Recovered',
  ]) {
    await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible()
  }
  await expect(page.getByText('Verified')).toBeVisible()
  await expect(field(page, 'Body Class')).toContainText('Sedan')
  await expect(field(page, 'Key Type')).toContainText('Transponder or smart key')
  await expect(page.getByRole('img', { name: /Honda Accord/ })).toBeVisible()
  await expect(field(page, 'Home Address')).toContainText('410 Dauphin St, Mobile, AL, 36602')
  await expect(field(page, 'Last Spotted Location')).toContainText('30.695400, -88.039900')
  await expect(field(page, 'Last Spotted Location')).toContainText('Near Mobile, AL')
  await expect(field(page, 'Recovery Date')).toContainText('Mar 04, 2025 6:15 AM')
  await expect(field(page, 'Recovery Agent')).toContainText('Pat recovery agent')
  await expect(field(page, 'Market')).toContainText('Mobile (95%)')
  await expect(field(page, 'Client Code')).toContainText('ALLFIN-ALBA')
  await expect(page.getByText('Dolly Fee')).toBeVisible()
  await expect(page.getByText('requested', { exact: true })).toBeVisible()
  await expect(page.getByText('Close Fee')).toBeVisible()
  await expect(page.getByText('approved', { exact: true })).toBeVisible()
  await expect(field(page, 'Found Location')).toContainText('Walmart lot, Airport Blvd')
  await expect(field(page, 'Due Date')).toContainText('Mar 15, 2025')
})

test('Edit then Save changes the phone for good; a bad ZIP is refused; Cancel restores', async ({ page }) => {
  await openFullOrderFromSearch(page)
  await page.getByRole('button', { name: 'Edit' }).click()
  await page.getByLabel('ZIP', { exact: true }).fill('3660')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('ZIP must be 5 digits or ZIP+4.')).toBeVisible()
  await page.getByLabel('ZIP', { exact: true }).fill(E2E_FULL_ORDER.borrower_zip)
  await page.getByLabel('Phone').fill('(251) 555-0199')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Order updated successfully')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible()
  await page.reload()
  await expect(field(page, 'Phone')).toContainText('(251) 555-0199')

  await page.getByRole('button', { name: 'Edit' }).click()
  await page.getByLabel('Phone').fill('(000) 000-0000')
  await page.getByLabel('Full Name').fill('Somebody Else')
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(field(page, 'Phone')).toContainText('(251) 555-0199')
  await expect(field(page, 'Full Name')).toContainText('Avery Castillo')
})

test('a blocked maps popup copies the address to the clipboard instead', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.addInitScript(() => {
    window.open = () => null
  })
  await openFullOrderFromSearch(page)
  await page.getByRole('button', { name: 'Open 410 Dauphin St, Mobile, AL, 36602 in Maps' }).first().click()
  await expect(page.getByText('Popup blocked')).toBeVisible()
  await expect(page.getByText('The address was copied to your clipboard. Paste it into your maps app.')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('410 Dauphin St, Mobile, AL, 36602')
})

test('an address opens in a maps service in a new tab', async ({ page, context }) => {
  await openFullOrderFromSearch(page)
  await context.route('https://www.google.com/**', (route) => route.fulfill({ body: 'maps' }))
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'Open 2200 Airport Blvd, Mobile, AL, 36606 in Maps' }).click(),
  ])
  expect(tab.url()).toBe(
    'https://www.google.com/maps/search/?api=1&query=2200%20Airport%20Blvd%2C%20Mobile%2C%20AL%2C%2036606',
  )
})

test('an unknown order shows Order Not Found with a way back', async ({ page }) => {
  await signInAndLand(page, roleEmail('recovery_agent'), E2E_ROLE_PASSWORD)
  await page.goto('/order/00000000-0000-4000-8000-000000000000')
  await expect(page.getByRole('heading', { name: 'Order Not Found' })).toBeVisible()
  await expect(page.getByText('Order not found', { exact: true })).toBeVisible()
  // A recovery agent may not open the case list: Back takes it to its own screen, not Access Denied.
  await page.getByRole('button', { name: 'Back to Orders' }).click()
  await expect(page).toHaveURL(/\/dashboard\/recovery-agent$/)

  await page.goto('/order')
  await expect(page.getByRole('heading', { name: 'Order Not Found' })).toBeVisible()
  await expect(page.getByText('No order ID provided')).toBeVisible()
})

test('a value the server refuses: its reason beside the field, which is marked and takes the focus', async ({
  page,
}) => {
  await openFullOrderFromSearch(page)
  // The server's answer to a refused change of one field, as validate() words it.
  const refusal = {
    error: {
      code: 'bad_request',
      message: 'changes.color: Give the color in words, like Silver.',
      field: 'changes.color',
      problems: [{ field: 'changes.color', message: 'Give the color in words, like Silver.' }],
    },
  }
  await page.route(/\/api\/orders\/[0-9a-f-]{36}$/, (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify(refusal) })
      : route.continue(),
  )
  await page.getByRole('button', { name: 'Edit' }).click()
  await page.getByLabel('Color').fill('Blue-ish')
  await page.getByRole('button', { name: 'Save' }).click()
  const color = page.getByLabel('Color')
  await expect(color).toHaveAttribute('aria-invalid', 'true')
  const reasonId = await color.getAttribute('aria-describedby')
  await expect(page.locator(`[id="${reasonId}"]`)).toHaveText('Give the color in words, like Silver.')
  await expect(color).toBeFocused()
  await expect(color).toHaveValue('Blue-ish')
  // Said beside the field only: the toast does not repeat it.
  await expect(page.getByText('Failed to update order', { exact: true })).toBeVisible()
  await expect(page.getByText(/Give the color in words/)).toHaveCount(1)
})

test('a double click on Save sends one update; a real conflict is said, not dropped', async ({ page }) => {
  await openFullOrderFromSearch(page)
  const patches: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && /\/api\/orders\/[0-9a-f-]{36}$/.test(request.url())) patches.push(request.url())
  })
  await page.getByRole('button', { name: 'Edit' }).click()
  await page.getByLabel('Phone').fill('(251) 555-0142')
  // Two clicks in one task: faster than any re-render could disable the button.
  await page.getByRole('button', { name: 'Save' }).evaluate((button: HTMLButtonElement) => {
    button.click()
    button.click()
  })
  await expect(page.getByText('Order updated successfully')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible()
  await page.waitForTimeout(500)
  expect(patches).toHaveLength(1)
  await expect(page.getByText(/Failed to update order/)).toHaveCount(0)
  await expect(field(page, 'Phone')).toContainText('(251) 555-0142')

  // Someone else saves while this person edits: their Save is refused and says why.
  await page.getByRole('button', { name: 'Close toast' }).click()
  await page.getByRole('button', { name: 'Edit' }).click()
  await page.getByLabel('Phone').fill('(251) 555-0143')
  const url = new URL(page.url())
  const orderApi = `${url.origin}/api${url.pathname.replace('/order/', '/orders/')}`
  const current = (await (await page.request.get(orderApi)).json()) as { order: { updated_at: string } }
  const other = await page.request.patch(orderApi, {
    headers: { origin: url.origin },
    data: { expectedUpdatedAt: current.order.updated_at, changes: { license_plate: 'AL 9ZZ-001' } },
  })
  expect(other.status()).toBe(200)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText(/Failed to update order\. Someone else changed this order/)).toBeVisible()
})
