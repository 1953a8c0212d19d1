/**
 * What the sign-in and reset forms accept as an email before asking the server (which decides):
 * something@domain.tld with no spaces. A plain pattern, so those forms load no schema library
 * (issue 21: the sign-in page's first load).
 */
export const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/

export const EMAIL_MESSAGE = 'Enter a valid email address.'
