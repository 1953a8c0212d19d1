import type { MailMessage } from './mailer'

type Mail = Pick<MailMessage, 'subject' | 'text' | 'link'>

export function passwordResetMail(link: string): Mail {
  return {
    subject: 'Reset your Recovery Desk password',
    text: `Someone asked to reset the password of your Recovery Desk account.\n\nSet a new password here (the link works once, for one hour):\n${link}\n\nIf it was not you, ignore this e-mail; your password stays as it is.`,
    link,
  }
}

export function invitationMail(link: string, companyName: string): Mail {
  return {
    subject: `Your Recovery Desk account at ${companyName}`,
    text: `An administrator of ${companyName} created a Recovery Desk account for you.\n\nChoose your password here (the link works once, for 72 hours):\n${link}`,
    link,
  }
}

/** The page a reset or invitation token opens. */
export function setPasswordLink(baseUrl: string, token: string): string {
  return `${baseUrl}/reset-password?token=${encodeURIComponent(token)}`
}
