import { contentDisposition } from '../../domain/files/content-disposition'

/** What every stored or generated file is sent with (issue 41). */
export const FILE_HEADERS = {
  // A debtor's photo or a PDF must not stay in a shared computer's cache after sign-out.
  'Cache-Control': 'private, no-store',
  'X-Content-Type-Options': 'nosniff',
  // Opened on its own, a file runs nothing (an SVG or HTML in disguise included).
  'Content-Security-Policy': "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
} as const

/**
 * A file as an HTTP answer: shown in the browser (inline) or downloaded (attachment) under its
 * name in any script (RFC 6266 filename* with an ASCII fallback), never cached, sandboxed.
 */
export function fileResponse(
  file: { bytes: Uint8Array; contentType: string; fileName: string },
  disposition: 'inline' | 'attachment',
): Response {
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      ...FILE_HEADERS,
      'Content-Type': file.contentType,
      'Content-Disposition': contentDisposition(disposition, file.fileName),
    },
  })
}
