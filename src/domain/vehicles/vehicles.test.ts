import { describe, expect, it } from 'vitest'
import { estimateKeyType } from './key-type'
import { NEUTRAL_PAINT, paintForColor, shapeForBodyClass } from './vehicle-image'
import { isDecodableVin, modelYearCode, normalizeVin, vinCheckDigit, withVinCheckDigit } from './vin'

describe('VIN length rule (SPEC.md section 5: decoded only when exactly 17 characters)', () => {
  it.each([
    ['1HGCM82633A004352', true],
    [' 1hgcm82633a004352 ', true],
    ['1HGCM82633A00435', false],
    ['1HGCM82633A0043521', false],
    ['', false],
    [null, false],
  ])('%s decodable: %s', (vin, expected) => {
    expect(isDecodableVin(vin)).toBe(expected)
  })

  it('normalizes to trimmed upper case', () => {
    expect(normalizeVin(' 1hgcm82633a004352\n')).toBe('1HGCM82633A004352')
  })
})

describe('key type estimate by model year', () => {
  it.each([
    [1989, 'Sedan', 'Mechanical key'],
    [1997, 'Pickup', 'Mechanical key'],
    [1998, 'Pickup', 'Transponder key'],
    [2012, 'SUV', 'Transponder key'],
    [2013, 'SUV', 'Transponder or smart key'],
    [2024, null, 'Transponder or smart key'],
    [2020, 'Trailer', null],
    [null, 'Sedan', null],
    [0, 'Sedan', null],
  ])('%s %s -> %s', (year, bodyClass, expected) => {
    expect(estimateKeyType(year, bodyClass)).toBe(expected)
  })
})

describe('vehicle image', () => {
  it.each([
    ['Sedan', 'sedan'],
    ['Convertible', 'coupe'],
    ['Minivan', 'van'],
    ['SUV', 'suv'],
    ['Pickup', 'pickup'],
    ['Motorcycle', 'motorcycle'],
    ['Trailer', null],
    ['Other', null],
    [null, null],
  ])('body class %s draws %s', (bodyClass, shape) => {
    expect(shapeForBodyClass(bodyClass)).toBe(shape)
  })

  it.each([
    ['Black', '#1f2937'],
    ['Pearl White', '#f8fafc'],
    ['DARK GREY', '#6b7280'],
    ['Burgundy', '#7f1d1d'],
    ['Navy Blue', '#2563eb'],
    ['Teal-ish', NEUTRAL_PAINT],
    [null, NEUTRAL_PAINT],
  ])('colour %s paints %s', (color, paint) => {
    expect(paintForColor(color)).toBe(paint)
  })
})

describe('VIN check digit and model year code', () => {
  it.each([
    ['1HGCM82633A004352', '3'],
    ['1M8GDM9AXKP042788', 'X'],
    ['11111111111111111', '1'],
    ['5YJ3E1EA7KF317000', '2'],
  ])('%s should carry %s', (vin, digit) => {
    expect(vinCheckDigit(vin)).toBe(digit)
  })

  it('puts the check digit right', () => {
    expect(withVinCheckDigit('1HGCM82603A004352')).toBe('1HGCM82633A004352')
  })

  it.each([
    [2010, 'A'],
    [2018, 'J'],
    [2019, 'K'],
    [2030, 'Y'],
    [2031, '1'],
    [2039, '9'],
    [2040, 'A'],
    [2003, '3'],
  ])('model year %i is %s', (year, code) => {
    expect(modelYearCode(year)).toBe(code)
  })
})
