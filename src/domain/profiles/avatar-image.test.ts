import { describe, expect, it } from 'vitest'
import { checkAvatarImage, MAX_AVATAR_BYTES } from './avatar-image'

const withHeader = (...header: number[]) => new Uint8Array([...header, ...new Array(20).fill(0)])

describe('avatar image check', () => {
  it.each([
    [withHeader(0x89, 0x50, 0x4e, 0x47), 'image/png'],
    [withHeader(0xff, 0xd8, 0xff, 0xe0), 'image/jpeg'],
    [withHeader(0x47, 0x49, 0x46, 0x38), 'image/gif'],
    [withHeader(0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50), 'image/webp'],
  ])('recognizes %s', (bytes, type) => {
    expect(checkAvatarImage(bytes)).toEqual({ type })
  })

  it.each([
    [new Uint8Array(), 'The file is empty.'],
    [new TextEncoder().encode('<svg onload="alert(1)"></svg>'), 'The image must be a PNG, JPEG, WebP or GIF file.'],
    [new Uint8Array(MAX_AVATAR_BYTES + 1).fill(0xff), 'The image must be 2 MB or smaller.'],
  ])('refuses %#', (bytes, problem) => {
    expect(checkAvatarImage(bytes)).toEqual({ problem })
  })
})
