import { describe, expect, it } from 'vitest';
import { isValidVin, vinCheckDigit } from '../../schema/vin';

describe('VIN check digit', () => {
  it.each([
    ['1M8GDM9AXKP042788', true], // the textbook example, check digit X
    ['11111111111111111', true],
    ['1HGCM82633A004352', true],
    ['1HGCM82643A004352', false], // wrong check digit
    ['1HGCM82633A00435', false], // 16 characters
    ['1HGCM82633A0043I2', false], // I is not allowed
    ['1hgcm82633a004352', true], // case does not matter
  ])('%s → %s', (vin, valid) => {
    expect(isValidVin(vin)).toBe(valid);
  });
  it('computes X for remainder 10', () => {
    expect(vinCheckDigit('1M8GDM9A0KP042788')).toBe('X');
  });
});
