import AxeBuilder from '@axe-core/playwright'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { toastsSettled } from './fixtures/page-checks'
import { BOOTSTRAP_ADMIN, signIn, signInAndLand } from './fixtures/sign-in'
import { E2E_ROLE_PASSWORD, roleEmail } from './seed-data'

// Every screen, light and dark: no serious or critical WCAG 2.1 A/AA violation, and one h1.
// Screens with a page of their own only; the bootstrap admin is never given a new password here
// (auth.spec does that), so the forced reset screen stays reachable whatever order the specs run in.

/** theme-provider.tsx's THEME_STORAGE_KEY, which public/theme-init.js applies before the first paint. */
const THEME_STORAGE_KEY = 'recovery-desk-theme'
const THEMES = ['light', 'dark'] as const
type Theme = (typeof THEMES)[number]

/** Every /dashboard screen an administrator can open, the role dashboards included. */
const ADMIN_SCREENS = [
  'management',
  'recovery-agent',
  'camera-driver',
  'field-manager',
  'lot-manager',
  'key-manager',
  'transport-manager',
  'locksmith',
  'compliance-manager',
  'post-recovery-manager',
  'orders',
  'users',
  'profile',
  'assignments',
  'markets',
  'payroll',
  'invoice-management',
  'fees',
  'maps',
  'import',
  'clients',
  'vendors',
  'agent-mapping',
  // Permitted screens with no sidebar item (issue 20).
  'vehicle-redemptions',
  // Order Management's second tab (issue 16): the company's own orders.
  'orders?tab=orders',
].map((segment) => `/dashboard/${segment}`)

async function newThemedPage(browser: Browser, theme: Theme): Promise<Page> {
  const context = await browser.newContext()
  await context.addInitScript(
    ([key, value]) => {
      window.localStorage.setItem(key, value)
    },
    [THEME_STORAGE_KEY, theme] as const,
  )
  return context.newPage()
}

/** Waits for the screen to have loaded (no skeleton, no busy region), then audits it. */
async function audit(page: Page, theme: Theme, name: string) {
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/)
  await expect(page.locator('[aria-busy="true"], .animate-pulse')).toHaveCount(0)
  await expect(page.getByText(/^Loading\b.*\.\.\.$/)).toHaveCount(0)
  await expect.soft(page.locator('h1'), `${name} (${theme}): exactly one h1`).toHaveCount(1)
  if (process.env.A11Y_SCREENSHOTS) {
    await page.screenshot({
      path: `test-results/a11y/${theme}-${name.replace(/[^a-z0-9]+/gi, '-')}.png`,
      fullPage: true,
    })
  }
  // A toast still fading in is measured at part opacity: audit it once it stands as people read it.
  await toastsSettled(page)
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  const report = blocking
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 8)
        .map((node) => `    ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`)
      return `  [${v.impact}] ${v.id}: ${v.help}\n${nodes.join('\n')}`
    })
    .join('\n')
  expect
    .soft(
      blocking.map((v) => v.id),
      `${name} (${theme}) at ${page.url()}:\n${report}`,
    )
    .toEqual([])
}

async function visit(page: Page, theme: Theme, path: string, name = path) {
  await page.goto(path)
  await audit(page, theme, name)
}

/** A live signature link, made through the API as the compliance manager (a document type per theme). */
async function signatureLinkPath(browser: Browser, theme: Theme): Promise<string> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await signInAndLand(page, roleEmail('compliance_manager'), E2E_ROLE_PASSWORD)
  const post = async (path: string, data: unknown) => {
    const response = await page.request.post(path, { data })
    expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true)
    return response.json()
  }
  const { type } = await post('/api/compliance/document-types', {
    name: `Accessibility Check Form (${theme})`,
    category: 'A11y',
  })
  const { document } = await post('/api/compliance/documents', {
    documentTypeId: type.id,
    notes: 'Accessibility audit',
  })
  const request = await post(`/api/compliance/documents/${document.id}/signature-requests`, {
    recipientName: 'Alex Reader',
    recipientEmail: 'alex.reader@example.com',
    expiresInDays: 7,
  })
  await context.close()
  return new URL(request.link).pathname
}

for (const theme of THEMES) {
  test.describe(`${theme} theme`, () => {
    test('signed-out screens: sign-in, forced reset, signature, broken link, not found', async ({ browser }) => {
      const signaturePath = await signatureLinkPath(browser, theme)
      const page = await newThemedPage(browser, theme)
      await visit(page, theme, '/auth', 'sign-in')
      await page.getByRole('button', { name: 'Forgot your password?' }).click()
      await audit(page, theme, 'forgot-password')
      await visit(page, theme, signaturePath, 'signature')
      await visit(page, theme, `/signature/${'x'.repeat(43)}`, 'signature-broken-link')
      await visit(page, theme, '/nowhere', 'not-found')
      await signIn(page, BOOTSTRAP_ADMIN.email, BOOTSTRAP_ADMIN.password)
      await expect(page).toHaveURL(/\/reset-password$/)
      // The sign-in's toast comes a moment after the page (the toaster loads apart): audited with it.
      await expect(page.getByText('Welcome back!')).toBeVisible()
      await audit(page, theme, 'reset-password')
      await page.context().close()
    })

    for (const [part, paths] of [
      ['role dashboards', ADMIN_SCREENS.slice(0, 10)],
      ['the other screens', ADMIN_SCREENS.slice(10)],
    ] as const) {
      test(`an administrator: ${part}`, async ({ browser }) => {
        test.setTimeout(120_000)
        const page = await newThemedPage(browser, theme)
        await signInAndLand(page, roleEmail('admin'), E2E_ROLE_PASSWORD)
        for (const path of paths) await visit(page, theme, path)
        await page.context().close()
      })
    }

    test('an administrator: the case and order details, not found signed in', async ({ browser }) => {
      test.setTimeout(60_000)
      const page = await newThemedPage(browser, theme)
      await signInAndLand(page, roleEmail('admin'), E2E_ROLE_PASSWORD)
      await page.goto('/cases/7001')
      await expect(page.getByText('Direct Drop').first()).toBeVisible()
      await audit(page, theme, 'case-detail')
      await visit(page, theme, '/cases/424242', 'case-not-found')
      await page.goto('/dashboard/orders')
      await page.getByPlaceholder('Search orders, agents, cases...').fill('Avery Castillo')
      await page.getByRole('option', { name: /Order.*CASE-5003/ }).click()
      await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/)
      await expect(page.getByText('Verified')).toBeVisible()
      await audit(page, theme, 'order-detail')
      await visit(page, theme, '/nowhere', 'not-found-signed-in')
      await page.context().close()
    })

    test('a recovery agent: its dashboard and Access Denied', async ({ browser }) => {
      const page = await newThemedPage(browser, theme)
      await signInAndLand(page, roleEmail('recovery_agent'), E2E_ROLE_PASSWORD)
      await audit(page, theme, 'recovery-agent-own')
      await page.goto('/dashboard/users')
      await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
      await audit(page, theme, 'access-denied')
      await page.context().close()
    })
  })
}
