import { z } from 'zod'
import { DIRECT_DROP_LOCATIONS } from '../cases/storage-location'

export const VENDOR_TYPES = {
  storage_lot: 'Storage lot',
  auction: 'Auction',
  rental: 'Rental',
  locksmith: 'Locksmith',
  transporter: 'Transporter',
  forwarder: 'Forwarder',
} as const
export type VendorType = keyof typeof VENDOR_TYPES

/** A vendor counts as Direct Drop when it is one of SPEC.md's three auction/rental locations. */
export const isDirectDrop = (name: string) =>
  DIRECT_DROP_LOCATIONS.some((location) => location.toLowerCase() === name.trim().toLowerCase())

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null)

export const vendorInputSchema = z.object({
  name: z.string().trim().min(1, 'Enter the vendor’s name.').max(200),
  type: z.enum(Object.keys(VENDOR_TYPES) as [VendorType, ...VendorType[]], 'Choose a type.'),
  address: optionalText(300),
  phone: optionalText(30).refine(
    (value) => value === null || /^[0-9()+.\-\s]{7,30}$/.test(value),
    'Phone must hold at least 7 digits and only digits, spaces and ( ) + - .',
  ),
  email: z
    .union([z.email('Enter a valid email address.').max(320), z.literal(''), z.null()])
    .optional()
    .transform((value) => value || null),
  active: z.boolean().optional(),
})
export type VendorInput = z.input<typeof vendorInputSchema>
