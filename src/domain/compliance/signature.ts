/** SPEC.md section 9: the signature canvas, black pen on white. */
export const SIGNATURE_CANVAS = { width: 800, height: 200, pen: '#000000', background: '#ffffff' } as const

/** A drawn signature is a PNG; larger than this it is not a signature. */
export const MAX_SIGNATURE_BYTES = 300 * 1024
const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/** SPEC.md section 8, the signature texts. */
export const SIGNATURE_TEXTS = {
  noToken: 'Invalid signature link',
  invalid: 'Invalid or expired signature link',
  expired: 'This signature request has expired',
  loadFailed: 'Failed to load signature request',
  missingNameTitle: 'Missing Information',
  missingName: 'Please enter your name.',
  missingSignatureTitle: 'Missing Signature',
  missingSignature: 'Please provide a signature before submitting.',
  securityTitle: 'Security Error',
  security: 'This signature request is no longer valid or has expired.',
  failed: 'Failed to complete signature. Please try again.',
  signedTitle: 'Document Signed',
  signed: 'Your signature has been recorded successfully.',
} as const

export const LEGAL_NOTICE =
  'By signing, you agree that this electronic signature has the same legal effect as your handwritten signature.'

/** Why a signature image is refused, or null when it is a PNG data URL of a sensible size. */
export function signatureImageProblem(dataUrl: string, decode: (base64: string) => Uint8Array): string | null {
  const match = PNG_DATA_URL.exec(dataUrl)
  if (!match) return 'The signature must be a PNG image.'
  if ((match[1].length * 3) / 4 > MAX_SIGNATURE_BYTES) return 'The signature image is too large.'
  const bytes = decode(match[1])
  if (bytes.length < 24 || PNG_MAGIC.some((byte, index) => bytes[index] !== byte)) {
    return 'The signature must be a PNG image.'
  }
  // IHDR: width and height, big-endian, right after the signature and the chunk's length and type.
  const width = ((bytes[16] << 24) | (bytes[17] << 16) | (bytes[18] << 8) | bytes[19]) >>> 0
  const height = ((bytes[20] << 24) | (bytes[21] << 16) | (bytes[22] << 8) | bytes[23]) >>> 0
  if (width === 0 || height === 0 || width > SIGNATURE_CANVAS.width || height > SIGNATURE_CANVAS.height) {
    return 'The signature image must be at most 800 by 200 pixels.'
  }
  return null
}

/** Days before its expiration date that a document counts as expiring soon. */
export const EXPIRING_SOON_DAYS = 30
export const DOCUMENT_STATUSES = ['pending', 'sent', 'signed', 'expired'] as const
export const REQUEST_STATUSES = ['pending', 'signed', 'revoked'] as const
