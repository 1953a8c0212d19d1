import { expect, type Locator, test } from '@playwright/test'
import { landAs, signInAndLand } from './fixtures/sign-in'
import { E2E_ROLE_PASSWORD, roleEmail } from './seed-data'

// Issue 15's daily-use defects seen on screen: Back, case rows as links, toasts.

const MISSING_ORDER = '/order/00000000-0000-4000-8000-000000000000'

test.describe('Back from a detail returns where the person came from, never to Access Denied', () => {
  test('lot manager: an order and a case from its dashboard, and a missing order', async ({ page }) => {
    await landAs(page, 'lot_manager', '/dashboard/lot-manager')
    // The list says how many of the figures' vehicles it lists (all of them here: one page).
    const cases = Number(await page.getByTestId('figure-Repossessed cases').textContent())
    const orders = Number(await page.getByTestId('figure-Repossessed orders').textContent())
    await expect(page.getByTestId('listed-of')).toHaveText(`Listing ${cases + orders} of ${cases + orders} vehicles`)
    await expect(page.getByRole('button', { name: 'Show more vehicles' })).toHaveCount(0)
    await page.getByTestId('lot-No lot recorded').getByRole('link', { name: 'DO-4' }).click()
    await expect(page).toHaveURL(/\/order\/[0-9a-f-]+$/)
    await page.getByRole('button', { name: 'Back', exact: true }).click()
    await expect(page).toHaveURL(/\/dashboard\/lot-manager$/)
    await expect(page.getByRole('heading', { name: 'Lot Manager' })).toBeVisible()

    await page.getByTestId('lot-Direct Drop').getByRole('link').first().click()
    await expect(page).toHaveURL(/\/cases\/\d+$/)
    await page.getByRole('button', { name: 'Back', exact: true }).click()
    await expect(page).toHaveURL(/\/dashboard\/lot-manager$/)

    // Opened without history (a pasted link): Back goes to the person's own screen.
    await page.goto(MISSING_ORDER)
    await expect(page.getByRole('heading', { name: 'Order Not Found' })).toBeVisible()
    await page.getByRole('button', { name: 'Back to Orders' }).click()
    await expect(page).toHaveURL(/\/dashboard\/lot-manager$/)
    await expect(page.getByText('Access Denied')).toHaveCount(0)
  })

  test('recovery agent: a case from its dashboard, and a case opened from a pasted link', async ({ page }) => {
    await landAs(page, 'recovery_agent', '/dashboard/recovery-agent')
    await page.getByTestId('assignments').getByRole('link', { name: 'DC-1' }).click()
    await expect(page).toHaveURL(/\/cases\/700001$/)
    await page.getByRole('button', { name: 'Back', exact: true }).click()
    await expect(page).toHaveURL(/\/dashboard\/recovery-agent$/)

    await page.goto('/cases/700001')
    await expect(page.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/dashboard/recovery-agent')
    await page.getByRole('button', { name: 'Back', exact: true }).click()
    await expect(page).toHaveURL(/\/dashboard\/recovery-agent$/)
    await expect(page.getByText('Access Denied')).toHaveCount(0)
  })
})

test.describe('case list rows are links', () => {
  test.beforeEach(async ({ page }) => {
    await signInAndLand(page, roleEmail('manager'), E2E_ROLE_PASSWORD)
  })

  test('Ctrl-click and middle-click open a case in a new tab; a plain click opens it here, Back keeps the filters', async ({
    page,
    context,
  }) => {
    await page.goto('/dashboard/orders?status=Repossessed&sort=case_id&dir=asc')
    const listUrl = page.url()
    const row = page.getByTestId('case-row').first()
    const link = row.getByRole('link')
    await expect(link).toHaveAttribute('href', /^\/cases\/\d+$/)
    const href = (await link.getAttribute('href')) as string

    const [ctrlTab] = await Promise.all([context.waitForEvent('page'), link.click({ modifiers: ['Control'] })])
    await ctrlTab.waitForLoadState()
    expect(new URL(ctrlTab.url()).pathname).toBe(href)
    await ctrlTab.close()
    const [middleTab] = await Promise.all([context.waitForEvent('page'), link.click({ button: 'middle' })])
    await middleTab.waitForLoadState()
    expect(new URL(middleTab.url()).pathname).toBe(href)
    await middleTab.close()
    await expect(page).toHaveURL(listUrl)

    // Keyboard: the link takes focus and Enter opens it.
    await link.focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`${href}$`))
    await page.goBack()
    await expect(page).toHaveURL(listUrl)

    // A plain click anywhere on the row opens the case; breadcrumb and Back return to the filtered list.
    await row.getByRole('cell').nth(2).click()
    await expect(page).toHaveURL(new RegExp(`${href}$`))
    const listPath = listUrl.slice(new URL(listUrl).origin.length)
    await expect(
      page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Orders' }),
    ).toHaveAttribute('href', listPath)
    await page.getByRole('button', { name: 'Back', exact: true }).click()
    await expect(page).toHaveURL(listUrl)
    await expect(page.getByTestId('case-row').first()).toBeVisible()
  })
})

const boxesOverlap = async (a: Locator, b: Locator) => {
  const [first, second] = [await a.boundingBox(), await b.boundingBox()]
  if (!first || !second) throw new Error('not on screen')
  return (
    first.x < second.x + second.width &&
    second.x < first.x + first.width &&
    first.y < second.y + second.height &&
    second.y < first.y + first.height
  )
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`toasts stay, one at a time, away from the button that raised them (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height })
    await signInAndLand(page, roleEmail('manager'), E2E_ROLE_PASSWORD)
    const toasts = page.locator('[data-sonner-toast]')
    await expect(toasts.filter({ hasText: 'Welcome back!' })).toBeVisible()
    await page.waitForTimeout(6_000)
    await expect(toasts.filter({ hasText: 'Welcome back!' })).toBeVisible()

    // In-app to the profile (the toaster stays), where Save raises the next toast.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/dashboard/profile')
      window.dispatchEvent(new PopStateEvent('popstate'))
    })
    const save = page.getByRole('button', { name: 'Save', exact: true }).first()
    await save.click()
    const updated = toasts.filter({ hasText: 'Profile updated' })
    await expect(updated).toBeVisible()
    // The newest replaces the last: one toast, not one queued behind another.
    await expect(toasts).toHaveCount(1)
    expect(await boxesOverlap(updated, save)).toBe(false)
    await page.screenshot({ path: `test-results/toast-${viewport.name}.png` })

    // A button at the bottom of the screen: its toast goes to the top instead of over it.
    await updated.getByRole('button', { name: 'Close toast' }).click()
    await expect(toasts).toHaveCount(0)
    // A screen just taller than the page down to the button (a short window, a phone in landscape).
    const saveBox = await save.boundingBox()
    await page.setViewportSize({
      width: viewport.width,
      height: Math.ceil((saveBox?.y ?? 0) + (saveBox?.height ?? 0)) + 12,
    })
    const bottom = await save.evaluate((element) => window.innerHeight - element.getBoundingClientRect().bottom)
    expect(bottom).toBeLessThan(40)
    await save.click()
    await expect(toasts).toHaveCount(1)
    await expect(updated).toBeVisible()
    expect(await save.evaluate((element) => window.innerHeight - element.getBoundingClientRect().bottom)).toBe(bottom)
    expect(await boxesOverlap(updated, save)).toBe(false)
    await page.screenshot({ path: `test-results/toast-${viewport.name}-bottom-button.png` })
  })
}
