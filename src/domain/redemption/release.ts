import { z } from 'zod'

// Issue 20: a recovered vehicle authorized to leave the lot, and its hand-over against an ID.

export const RELEASE_KINDS = ['release', 'transport'] as const
export type ReleaseKind = (typeof RELEASE_KINDS)[number]

export const RELEASE_KIND_LABELS: Record<ReleaseKind, string> = {
  release: 'Authorized to Release',
  transport: 'Authorized to Transport',
}

/** The vendors a vehicle is transported to. */
export const TRANSPORT_VENDOR_TYPES = ['auction', 'transporter'] as const

export const ID_TYPES = ["Driver's license", 'State ID', 'Passport', 'Military ID', 'Other'] as const

export const releaseAuthorizationSchema = z
  .object({
    kind: z.enum(RELEASE_KINDS, { error: 'Choose release or transport.' }),
    vendorId: z
      .uuid('Choose the auction or transporter.')
      .nullish()
      .transform((value) => value ?? null),
    lenderAuthorization: z
      .string()
      .trim()
      .max(200)
      .nullish()
      .transform((value) => value || null),
  })
  .refine((input) => input.kind === 'release' || input.vendorId !== null, {
    message: 'Choose the auction or transporter it goes to.',
    path: ['vendorId'],
  })
export type ReleaseAuthorization = z.output<typeof releaseAuthorizationSchema>

export const releaseCompletionSchema = z.object({
  releasedTo: z.string().trim().min(2, 'Name the person who took the vehicle.').max(120),
  idType: z.enum(ID_TYPES, { error: 'Choose the ID that was checked.' }),
  idLast4: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{4}$/, 'Give the last four characters of the ID number.'),
})
export type ReleaseCompletion = z.output<typeof releaseCompletionSchema>

/** A page of the transport manager's moves. */
export const transportMovesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
})

/** Who signs a release: the name it states, and an address to mail the link to (else signed on the spot). */
export const releaseSignerSchema = z.object({
  name: z.string().trim().min(2, 'Name the person who signs the release.').max(120),
  email: z
    .union([z.email('Enter a valid email address.').max(320), z.literal('')])
    .nullish()
    .transform((value) => value || null),
})
export type ReleaseSignerInput = z.output<typeof releaseSignerSchema>
