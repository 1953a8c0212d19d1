import { expect, test } from '@playwright/test'
import { BOOTSTRAP_ADMIN, signIn } from './fixtures/sign-in'
import { E2E_BASE_URL } from './ports'
import { E2E_ROLE_PASSWORD, roleEmail } from './seed-data'

test('a signed-out visit to /dashboard/orders goes to the sign-in screen', async ({ page }) => {
  await page.goto('/dashboard/orders')
  await expect(page).toHaveURL(/\/auth$/)
  await expect(page.getByText('Welcome to Recovery Desk')).toBeVisible()
  await expect(
    page.getByText('Sign in with your authorized account to access the recovery management dashboard'),
  ).toBeVisible()
})

test('a case link opened signed out goes to sign-in; once signed in, the case opens', async ({ page }) => {
  // The cold load asks for the case early (issue 21) and is refused: that answer must not be
  // the one the case page shows once the person has signed in, in the same tab.
  await page.goto('/cases/7001')
  await expect(page).toHaveURL(/\/auth$/)
  await page.getByLabel('Email').fill(roleEmail('manager'))
  await page.getByLabel('Password').fill(E2E_ROLE_PASSWORD)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.waitForURL(/\/dashboard\/.+/)
  await page.getByRole('link', { name: 'Order Management' }).click()
  await page.getByLabel('Search cases').fill('RDN-7001')
  await expect(page.getByTestId('case-row')).toHaveCount(1)
  await page.getByTestId('case-row').click()
  await expect(page).toHaveURL(/\/cases\/7001$/)
  await expect(page.getByRole('heading', { name: 'RDN-7001' })).toBeVisible()
})

test('/ redirects to /auth', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveURL(/\/auth$/)
})

test('an unknown path shows the not-found page and logs the path', async ({ page }) => {
  const logged: string[] = []
  page.on('console', (message) => logged.push(message.text()))
  await page.goto('/nowhere')
  await expect(page.getByText('Oops! Page not found')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/')
  expect(logged.some((line) => line.includes('/nowhere'))).toBe(true)
})

test('a wrong password shows Sign In Failed', async ({ page }) => {
  await signIn(page, BOOTSTRAP_ADMIN.email, 'not-the-password')
  await expect(page.getByText('Sign In Failed')).toBeVisible()
  await expect(page.getByText('Invalid email or password')).toBeVisible()
  await expect(page).toHaveURL(/\/auth$/)
})

test('forgot-password mode sends a reset link', async ({ page }) => {
  await page.goto('/auth')
  await page.getByRole('button', { name: 'Forgot your password?' }).click()
  await page.getByLabel('Email').fill('someone@example.com')
  await page.getByRole('button', { name: 'Send Reset Link' }).click()
  await expect(page.getByText('Password Reset Email Sent')).toBeVisible()
  await expect(page.getByText('Please check your email for password reset instructions.')).toBeVisible()
})

test('the bootstrap admin must set a new password, then lands on the management dashboard', async ({ page }) => {
  await signIn(page, BOOTSTRAP_ADMIN.email, BOOTSTRAP_ADMIN.password)
  await expect(page).toHaveURL(/\/reset-password$/)
  await expect(page.getByText('Security Required')).toBeVisible()
  await expect(
    page.getByText('For security reasons, you must set a new password before accessing your account.'),
  ).toBeVisible()

  // Every other signed-in screen sends the account back here until it has a new password.
  await page.goto('/dashboard/users')
  await expect(page).toHaveURL(/\/reset-password$/)

  await page.getByLabel('New Password', { exact: true }).fill('Chosen-pass-22')
  await page.getByLabel('Confirm Password').fill('Chosen-pass-23')
  await page.getByRole('button', { name: 'Update Password' }).click()
  await expect(page.getByText('Passwords do not match. Please try again.')).toBeVisible()

  await page.getByLabel('New Password', { exact: true }).fill('abc')
  await page.getByLabel('Confirm Password').fill('abc')
  await page.getByRole('button', { name: 'Update Password' }).click()
  await expect(page.getByText('Password must be at least 6 characters long.')).toBeVisible()

  await page.getByLabel('New Password', { exact: true }).fill('password')
  await page.getByLabel('Confirm Password').fill('password')
  await page.getByRole('button', { name: 'Update Password' }).click()
  await expect(page.getByText('Password Reset Failed')).toBeVisible()
  // The server's reason, in the toast and beside New Password (marked, and given the focus).
  const newPassword = page.getByLabel('New Password', { exact: true })
  await expect(newPassword).toHaveAttribute('aria-invalid', 'true')
  await expect(newPassword).toBeFocused()
  await expect(page.locator(`[id="${await newPassword.getAttribute('aria-describedby')}"]`)).toContainText(/too common/)

  await page.getByLabel('New Password', { exact: true }).fill('Chosen-pass-22')
  await page.getByLabel('Confirm Password').fill('Chosen-pass-22')
  await page.getByRole('button', { name: 'Update Password' }).click()
  await expect(page.getByText('Password Reset Successful')).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\/management$/)
  await expect(page.getByRole('heading', { name: 'Management Dashboard' })).toBeVisible()
  await page.screenshot({ path: 'test-results/management-after-reset.png' })

  // Signed in, /auth goes on to the dashboard.
  await page.goto('/auth')
  await expect(page).toHaveURL(/\/dashboard\/management$/)
})

test('signing in at an address other than PUBLIC_URL says where to open the product', async ({ page }) => {
  const ownUrl = new URL(E2E_BASE_URL)
  const otherAddress = `http://127.0.0.1:${ownUrl.port}`
  await page.goto(`${otherAddress}/auth`)
  await page.getByLabel('Email').fill(BOOTSTRAP_ADMIN.email)
  await page.getByLabel('Password').fill(BOOTSTRAP_ADMIN.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByText('Sign In Failed')).toBeVisible()
  await expect(
    page.getByText(`This page is not at Recovery Desk's address. Open Recovery Desk at ${E2E_BASE_URL} and try again.`),
  ).toBeVisible()
  await page.screenshot({ path: 'test-results/sign-in-wrong-address.png' })
  await expect(page).toHaveURL(`${otherAddress}/auth`)
})

test('too many failed sign-ins: the screen says when to try again', async ({ page }) => {
  // The e2e server allows 1000 failures a minute; the refusal it would send is played here as sent.
  await page.route('**/api/auth/sign-in/email', (route) =>
    route.fulfill({
      status: 429,
      headers: { 'content-type': 'application/json', 'retry-after': '42' },
      body: JSON.stringify({
        error: { code: 'too_many_requests', message: 'Too many failed sign-in attempts. Try again in 42 seconds.' },
      }),
    }),
  )
  await signIn(page, BOOTSTRAP_ADMIN.email, 'not-the-password')
  await expect(page.getByText('Sign In Failed')).toBeVisible()
  await expect(page.getByText('Too many failed sign-in attempts. Try again in 42 seconds.')).toBeVisible()
  await page.screenshot({ path: 'test-results/sign-in-too-many.png' })
})
