import { describe, expect, it } from 'vitest'
import { mayOpenFile } from './record-screens'

describe('mayOpenFile (issue 41: a file by the record that holds it)', () => {
  it.each([
    ['a lot manager, a condition report photo', 'lot_manager', ['condition_report'], false, true],
    ['a recovery agent, a condition report photo', 'recovery_agent', ['condition_report'], false, true],
    ['a camera driver, a condition report photo', 'camera_driver', ['condition_report'], false, false],
    ['a locksmith, a property photo', 'locksmith', ['property'], false, false],
    ['a recovery agent, a property photo', 'recovery_agent', ['property'], false, false],
    ['a post-recovery manager, a property photo', 'post_recovery_manager', ['property'], false, true],
    [
      'a recovery agent, a photo on a report and an inventory',
      'recovery_agent',
      ['property', 'condition_report'],
      false,
      true,
    ],
    ['an admin, any held file', 'admin', ['property'], false, true],
    ['the uploader of a file nothing holds yet', 'camera_driver', [], true, true],
    ['an admin, a file someone else just uploaded', 'admin', [], false, false],
  ] as const)('%s', (_name, role, holders, uploadedByViewer, expected) => {
    expect(mayOpenFile(role, holders, uploadedByViewer)).toBe(expected)
  })
})
