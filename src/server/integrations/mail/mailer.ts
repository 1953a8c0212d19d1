import type { Kysely } from 'kysely'
import nodemailer, { type Transporter } from 'nodemailer'
import type { DB } from '../../db/schema'
import type { Logger } from '../../lib/logger'

export type MailMessage = {
  to: string
  subject: string
  text: string
  html?: string
  companyId?: string | null
  /** The one link the mail carries, logged when no SMTP server is configured so it can be followed offline. */
  link?: string
}

export type Mailer = { send: (message: MailMessage) => Promise<void> }

/** What a delivered mail's stored copy says where its link was. */
export const DELIVERED_LINK_PLACEHOLDER = '[link removed once delivered]'

/**
 * Every mail is kept in the outbox table. With SMTP_URL it is also sent through nodemailer and
 * marked sent, and its link (a reset, invitation or signature link) is then blanked in the stored
 * copy, so the outbox never hands a database reader a live link that already reached its
 * recipient; without SMTP the outbox is how the link reaches anyone, so it stays, and it is
 * written to the log so a developer can follow it.
 */
export function createMailer(options: {
  db: Kysely<DB>
  smtpUrl: string | undefined
  from: string
  logger: Logger
  /** A nodemailer transport to use instead of SMTP_URL's (tests). */
  transport?: Pick<Transporter, 'sendMail'>
}): Mailer {
  const transport = options.transport ?? (options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null)
  return {
    async send(message) {
      const row = await options.db
        .insertInto('outbox')
        .values({
          company_id: message.companyId ?? null,
          to_address: message.to,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      if (!transport) {
        options.logger.info(
          { outboxId: row.id, to: message.to, link: message.link },
          `Mail kept in outbox: ${message.subject}`,
        )
        return
      }
      try {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        })
        const { link } = message
        await options.db
          .updateTable('outbox')
          .set({
            sent_at: new Date(),
            ...(link
              ? {
                  text_body: message.text.replaceAll(link, DELIVERED_LINK_PLACEHOLDER),
                  html_body: message.html?.replaceAll(link, DELIVERED_LINK_PLACEHOLDER) ?? null,
                }
              : {}),
          })
          .where('id', '=', row.id)
          .execute()
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        await options.db.updateTable('outbox').set({ error: reason }).where('id', '=', row.id).execute()
        options.logger.error({ outboxId: row.id, reason }, 'Mail could not be sent')
      }
    },
  }
}
