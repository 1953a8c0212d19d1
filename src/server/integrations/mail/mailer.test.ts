import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../../lib/logger'
import { createTestApp, type TestApp } from '../../test/harness'
import { createMailer, DELIVERED_LINK_PLACEHOLDER } from './mailer'
import { passwordResetMail } from './templates'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

const link = 'http://localhost:3000/reset-password?token=secret-token-value'

describe('the mail outbox', () => {
  it('blanks the link of a mail once SMTP delivered it, keeping the rest of the text', async () => {
    const sent: string[] = []
    const mailer = createMailer({
      db: t.db,
      smtpUrl: undefined,
      from: 'Recovery Desk <no-reply@localhost>',
      logger: createLogger('silent', false),
      transport: { sendMail: async (mail: { text?: unknown }) => sent.push(String(mail.text)) } as never,
    })
    await mailer.send({ to: 'delivered@example.com', ...passwordResetMail(link) })
    expect(sent[0]).toContain(link)
    const row = await t.db
      .selectFrom('outbox')
      .select(['text_body', 'sent_at'])
      .where('to_address', '=', 'delivered@example.com')
      .executeTakeFirstOrThrow()
    expect(row.sent_at).not.toBeNull()
    expect(row.text_body).not.toContain('secret-token-value')
    expect(row.text_body).toContain(DELIVERED_LINK_PLACEHOLDER)
    expect(row.text_body).toContain('Set a new password here')
  })

  it('keeps the link of a mail that could not be delivered, and of every mail without SMTP', async () => {
    const failing = createMailer({
      db: t.db,
      smtpUrl: undefined,
      from: 'x',
      logger: createLogger('silent', false),
      transport: {
        sendMail: async () => {
          throw new Error('connection refused')
        },
      } as never,
    })
    await failing.send({ to: 'undelivered@example.com', ...passwordResetMail(link) })
    const offline = createMailer({ db: t.db, smtpUrl: undefined, from: 'x', logger: createLogger('silent', false) })
    await offline.send({ to: 'offline@example.com', ...passwordResetMail(link) })
    const rows = await t.db
      .selectFrom('outbox')
      .select(['to_address', 'text_body', 'error'])
      .where('to_address', 'in', ['undelivered@example.com', 'offline@example.com'])
      .orderBy('to_address')
      .execute()
    expect(rows.map((row) => [row.to_address, row.text_body.includes(link)])).toEqual([
      ['offline@example.com', true],
      ['undelivered@example.com', true],
    ])
    expect(rows[1].error).toBe('connection refused')
  })
})
