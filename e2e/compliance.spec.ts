import { expect, test } from '@playwright/test'
import { signInAndLand } from './fixtures/sign-in'
import { E2E_ROLE_PASSWORD, roleEmail } from './seed-data'

test('a compliance manager sends a document; a signed-out browser signs it by mouse; the manager sees the signature', async ({
  page,
  browser,
}) => {
  await signInAndLand(page, roleEmail('compliance_manager'), E2E_ROLE_PASSWORD)
  await expect(page).toHaveURL(/\/dashboard\/compliance-manager$/)
  await page.getByLabel('Type name').fill('Repossession Agent Agreement')
  await page.getByLabel('Category').fill('Contracts')
  await page.getByRole('button', { name: 'Add type' }).click()
  await expect(page.getByRole('listitem').filter({ hasText: 'Repossession Agent Agreement' })).toBeVisible()
  await page.getByLabel('Document type').selectOption({ label: 'Repossession Agent Agreement' })
  await page.getByLabel('Expiration date').fill('2027-06-30')
  await page.getByLabel('Notes').fill('Annual renewal')
  await page.getByRole('button', { name: 'Add document' }).click()
  const row = page.getByTestId('compliance-document').filter({ hasText: 'Annual renewal' })
  await expect(row).toContainText('pending')

  await row.getByRole('button', { name: 'Request signature' }).click()
  await page.getByLabel('Recipient name').fill('Riley Agent')
  await page.getByLabel('Recipient e-mail').fill('riley.agent@example.com')
  await page.getByRole('button', { name: 'Send request' }).click()
  const link = (await page.getByTestId('signature-link').textContent()) ?? ''
  expect(link).toMatch(/\/signature\/[A-Za-z0-9_-]{43}$/)
  await page.getByRole('button', { name: 'Done' }).click()
  await expect(row).toContainText('sent')

  const signer = await (await browser.newContext()).newPage()
  await signer.goto(new URL(link).pathname)
  await expect(signer.getByText('Repossession Agent Agreement')).toBeVisible()
  await expect(signer.getByLabel('Your full name')).toHaveValue('Riley Agent')
  await expect(signer.getByText('same legal effect as your handwritten signature')).toBeVisible()
  await signer.getByRole('button', { name: 'Sign Document' }).click()
  await expect(signer.getByText('Please provide a signature before submitting.')).toBeVisible()

  const pad = signer.getByLabel('Signature pad: draw your signature')
  // On a 390 px phone the pad spans the card, at the spec's 4:1.
  const desktop = signer.viewportSize()
  await signer.setViewportSize({ width: 390, height: 844 })
  const onPhone = await pad.boundingBox()
  const card = await signer.locator('main > div').first().boundingBox()
  expect(onPhone?.width).toBeGreaterThanOrEqual(360)
  expect(Math.abs((onPhone?.width ?? 0) - (card?.width ?? 0))).toBeLessThanOrEqual(2)
  expect(Math.abs((onPhone?.height ?? 0) - (onPhone?.width ?? 0) / 4)).toBeLessThanOrEqual(1)
  if (desktop) await signer.setViewportSize(desktop)
  const box = await pad.boundingBox()
  if (!box) throw new Error('no signature pad')
  await signer.mouse.move(box.x + 30, box.y + box.height / 2)
  await signer.mouse.down()
  for (let step = 1; step <= 12; step++) {
    await signer.mouse.move(box.x + 30 + step * 25, box.y + box.height / 2 + (step % 2 ? -20 : 20))
  }
  await signer.mouse.up()
  await signer.getByLabel('Notes (optional)').fill('Signed on the road')
  await signer.getByRole('button', { name: 'Sign Document' }).click()
  await expect(signer.getByText('Your signature has been recorded successfully.')).toBeVisible()
  await expect(signer.getByTestId('signature-confirmation')).toContainText('signed by Riley Agent')
  await signer.reload()
  await expect(signer.getByTestId('signature-confirmation')).toBeVisible()

  await page.reload()
  const signedRow = page.getByTestId('compliance-document').filter({ hasText: 'Annual renewal' })
  await expect(signedRow).toContainText('signed')
  await signedRow.getByRole('button', { name: 'Show requests' }).click()
  await expect(page.getByTestId('signature-request')).toContainText('Notes: Signed on the road')
  await expect(page.getByRole('img', { name: 'Signature of Riley Agent' })).toBeVisible()
})

test('a broken or unknown signature link says so, with a way home', async ({ page }) => {
  await page.goto(`/signature/${'x'.repeat(43)}`)
  await expect(page.getByText('Invalid or expired signature link')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Return to Home' })).toBeVisible()
  await page.goto('/signature')
  await expect(page.getByText('Invalid signature link')).toBeVisible()
})

test("the server's reason about a signature request's recipient stands beside the name, which takes the focus", async ({
  page,
}) => {
  await signInAndLand(page, roleEmail('compliance_manager'), E2E_ROLE_PASSWORD)
  await page.getByLabel('Type name').fill('Storage Lot Lease')
  await page.getByRole('button', { name: 'Add type' }).click()
  await expect(page.getByRole('listitem').filter({ hasText: 'Storage Lot Lease' })).toBeVisible()
  await page.getByLabel('Document type').selectOption({ label: 'Storage Lot Lease' })
  await page.getByLabel('Notes').fill('Lease for the Mobile lot')
  await page.getByRole('button', { name: 'Add document' }).click()
  const row = page.getByTestId('compliance-document').filter({ hasText: 'Lease for the Mobile lot' })
  await row.getByRole('button', { name: 'Request signature' }).click()

  // Spaces only: the form sends them, the server refuses the name.
  const name = page.getByLabel('Recipient name')
  await name.fill('   ')
  await page.getByLabel('Recipient e-mail').fill('lot.owner@example.com')
  await page.getByRole('button', { name: 'Send request' }).click()
  await expect(name).toHaveAttribute('aria-invalid', 'true')
  await expect(name).toBeFocused()
  const reasonId = await name.getAttribute('aria-describedby')
  expect(reasonId).toBeTruthy()
  await expect(page.locator(`[id="${reasonId}"]`)).toHaveText('Enter the recipient’s name.')
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveCount(0)
  await expect(page.getByTestId('signature-link')).toHaveCount(0)
})
