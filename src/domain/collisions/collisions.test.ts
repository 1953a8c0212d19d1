import { describe, expect, it } from 'vitest'
import { matchedOnLabel, plateKey, vinKey } from './collisions'

describe('vinKey', () => {
  it.each([
    [' 1hgcm82633a004352 ', '1HGCM82633A004352'],
    ['1HGCM82633A00435', null],
    ['', null],
    [null, null],
  ])('%j -> %j', (vin, key) => expect(vinKey(vin)).toBe(key))
})

describe('plateKey', () => {
  it.each([
    ['abc-12 3', ' ca ', 'ABC123 CA'],
    ['ABC123', null, null],
    [' - ', 'CA', null],
    [null, 'CA', null],
  ])('%j in %j -> %j', (plate, state, key) => expect(plateKey(plate, state)).toBe(key))
})

describe('matchedOnLabel', () => {
  it('names the match', () => {
    expect(matchedOnLabel('vin')).toBe('Same VIN')
    expect(matchedOnLabel('plate')).toBe('Same plate and state')
  })
})
