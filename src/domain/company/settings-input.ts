import { z } from 'zod'

// Company settings (issue 41): what invoices and statements print about the agency.

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => value || null)

/** A phone number as people write it: digits with spaces, dashes, dots, brackets, a leading + and an extension. */
export const PHONE = /^\+?[0-9 ().-]{7,25}( ?(x|ext\.?) ?[0-9]{1,6})?$/i

/** The agency's name, address, phone and remit-to, as the admin's form sends them. */
export const companySettingsSchema = z.object({
  name: z.string().trim().min(1, 'Enter the agency’s name.').max(200, 'Keep the name to 200 characters.'),
  address: optionalText(500, 'Keep the address to 500 characters.'),
  phone: optionalText(40, 'Keep the phone to 40 characters.').refine(
    (phone) => phone === null || PHONE.test(phone),
    'Enter a phone number like (555) 010-2000.',
  ),
  remitTo: optionalText(500, 'Keep the remit-to to 500 characters.'),
})
export type CompanySettingsInput = z.input<typeof companySettingsSchema>
export type CompanySettings = z.output<typeof companySettingsSchema>
