import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bookOrderInput } from '../../schema/bookOrders';
import { checkBounds, decimalRule, fromScaled, toScaled } from '../../schema/decimal';
import { decimal, money as moneyField } from '../../schema/define/fields';
import {
  MAX_MONEY,
  MAX_MONEY_CENTS,
  MoneyError,
  centsOf,
  fromCents,
  money,
  parseDollars,
  toCents,
} from '../../schema/money';
import { dispatcherPayRules } from '../../schema/resources/dispatcherPayRules';
import { drivers } from '../../schema/resources/drivers';

/**
 * The money and decimal primitives (schema/money.ts, schema/decimal.ts, schema/define/fields.ts decimal()): cents in,
 * cents out, exact; a fraction of a cent or a digit beyond a decimal's scale is refused, never rounded; float noise
 * is not a digit; one money limit.
 */
const issuesOf = (schema: z.ZodType, value: unknown) =>
  (schema.safeParse(value).error?.issues ?? []).map((i) => i.message);

describe('toCents and fromCents', () => {
  it('turn dollars into whole cents and back, exactly', () => {
    expect(toCents(12.34)).toBe(1234);
    expect(toCents(0.07)).toBe(7);
    expect(toCents(1234567.89)).toBe(123456789);
    expect(toCents(-12.5)).toBe(-1250);
    expect(Object.is(toCents(-0), 0)).toBe(true);
    expect(fromCents(1234)).toBe(12.34);
    expect(fromCents(30)).toBe(0.3);
    expect(fromCents(-1250)).toBe(-12.5);
    expect(fromCents(MAX_MONEY_CENTS)).toBe(10_000_000);
  });

  it('refuse a fraction of a cent instead of rounding it (12.345 is an error)', () => {
    for (const dollars of [
      12.345, 1.005, 0.001, 0.015, 19.999999999, 100.0000001, 99.994, -0.005, 250_019.999999999, 9_999_999.999999,
    ]) {
      expect(() => toCents(dollars), String(dollars)).toThrow(MoneyError);
      expect(centsOf(dollars), String(dollars)).toBeNull();
    }
    for (const notANumber of [Number.NaN, Infinity, -Infinity]) expect(() => toCents(notANumber)).toThrow(MoneyError);
    for (const cents of [12.5, 0.1, Number.NaN, Infinity])
      expect(() => fromCents(cents), String(cents)).toThrow(MoneyError);
  });

  it('take float noise for the two-decimal amount it stands for: 0.1 + 0.2 is 30 cents', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1.1 + 2.2)).toBe(330);
    expect(toCents(0.3 - 0.1 - 0.2)).toBe(0);
    expect(toCents(Array.from({ length: 10 }, () => 0.1).reduce((a, b) => a + b, 0))).toBe(100);
    expect(toCents(19.99 * 3)).toBe(5997);
    expect(toCents((4.35 * 100) / 100)).toBe(435);
    expect(toCents(9_999_999.99 + 0.01)).toBe(MAX_MONEY_CENTS);
  });

  it('round-trip every amount of whole cents: fromCents(toCents(x)) is x and toCents(fromCents(c)) is c', () => {
    const wrong: number[] = [];
    for (let cents = -20_000; cents <= 200_000; cents++) if (toCents(fromCents(cents)) !== cents) wrong.push(cents);
    let seed = 7;
    for (let i = 0; i < 200_000; i++) {
      seed = (seed * 48271) % 2147483647;
      const cents = seed % (MAX_MONEY_CENTS + 1);
      // The amount as JSON would carry it: its decimal text read as a number.
      const dollars = Number(`${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`);
      if (fromCents(cents) !== dollars || toCents(dollars) !== cents) wrong.push(cents);
    }
    expect(wrong).toEqual([]);
  });
});

describe('parseDollars', () => {
  it('reads typed dollars digit by digit, with or without $ and separators', () => {
    expect(parseDollars('1234.56')).toBe(123456);
    expect(parseDollars('$1,234.5')).toBe(123450);
    expect(parseDollars(' 12 ')).toBe(1200);
    expect(parseDollars('0.07')).toBe(7);
    expect(parseDollars('10000000.00')).toBe(MAX_MONEY_CENTS);
    expect(parseDollars('-40.00', { signed: true })).toBe(-4000);
  });

  it('refuses a third decimal, other text, a sign where none is taken, and an amount beyond the limit', () => {
    for (const text of [
      '12.345',
      '1.',
      '.5',
      '',
      'abc',
      '1e5',
      'Infinity',
      '-40',
      '12.3.4',
      '10000000.01',
      '99999999999',
    ]) {
      expect(parseDollars(text), text).toBeNull();
    }
  });
});

describe('money(): the rule of a money field', () => {
  const amount = money('Amount');

  it('takes dollars with at most two decimals, and passes the amount itself on (float noise dropped)', () => {
    expect(amount.parse(19.99)).toBe(19.99);
    expect(amount.parse(0)).toBe(0);
    expect(amount.parse(0.1 + 0.2)).toBe(0.3);
    expect(amount.parse(MAX_MONEY)).toBe(10_000_000);
  });

  it('refuses a third decimal, naming the field, instead of rounding it', () => {
    expect(issuesOf(amount, 12.345)).toEqual(['Amount has at most two decimals']);
    expect(issuesOf(amount, 19.999999999)).toEqual(['Amount has at most two decimals']);
  });

  it('holds one limit, $10,000,000.00, and the field’s own narrower bounds', () => {
    expect(MAX_MONEY).toBe(10_000_000);
    expect(issuesOf(amount, 10_000_000.01)).toEqual(['Amount is at most $10,000,000.00']);
    expect(issuesOf(amount, 1e12)).toEqual(['Amount is at most $10,000,000.00']);
    expect(issuesOf(amount, -1)).toEqual(['Amount cannot be negative']);
    expect(issuesOf(money('Fee', { min: 0.01, max: 500 }), 0)).toEqual(['Fee is at least $0.01']);
    expect(issuesOf(money('Fee', { min: 0.01, max: 500 }), 500.01)).toEqual(['Fee is at most $500.00']);
    expect(issuesOf(money('Balance', { min: -MAX_MONEY }), -25.5)).toEqual([]);
    for (const notANumber of ['12.50', null, Number.NaN, Infinity])
      expect(issuesOf(amount, notANumber), String(notANumber)).toEqual(['Amount must be a number']);
  });

  it('cannot be declared wider than the limit', () => {
    expect(() => money('Coverage', { max: 20_000_000 })).toThrow(/within ±\$10,000,000\.00/);
    expect(() => money('Balance', { min: -20_000_000 })).toThrow(/within/);
    expect(() => moneyField({ label: 'Coverage', max: 100_000_000 })).toThrow(/within/);
  });

  it('is the rule of every money input: record fields and book orders alike', () => {
    const field = moneyField({ label: 'Monthly rent', required: true });
    expect(issuesOf(field.input!, 10.005)).toEqual(['Monthly rent has at most two decimals']);
    expect(field.toColumn(0.1 + 0.2)).toBe(30);
    expect(field.fromColumn(1999)).toBe(19.99);
    expect(() => field.toColumn(10.005)).toThrow(MoneyError);
    const price = bookOrderInput.safeParse({ price: 12.345 }).error!.issues.find((i) => i.path.join('.') === 'price');
    expect(price?.message).toBe('Price has at most two decimals');
    const tooMuch = bookOrderInput
      .safeParse({ price: 10_000_000.01 })
      .error!.issues.find((i) => i.path.join('.') === 'price');
    expect(tooMuch?.message).toBe('Price is at most $10,000,000.00');
  });
});

describe('decimal({ scale, min, max })', () => {
  const rate = decimal({ label: 'Rate', required: true, scale: 2, min: 0.01, max: 10 });

  it('refuses a value with more decimals than its scale, with a clear message, instead of rounding', () => {
    expect(issuesOf(rate.input!, 0.655)).toEqual(['Rate has at most two decimals']);
    expect(issuesOf(rate.input!, 1.005)).toEqual(['Rate has at most two decimals']);
    expect(() => rate.toColumn(0.655)).toThrow(/more than 2 decimals/);
  });

  it('refuses a value outside min and max, naming the bound', () => {
    expect(issuesOf(rate.input!, 0)).toEqual(['Rate is at least 0.01']);
    expect(issuesOf(rate.input!, 10.01)).toEqual(['Rate is at most 10']);
    expect(issuesOf(rate.input!, '0.65')).toEqual(['Rate must be a number']);
  });

  it('keeps the value exactly as an integer count of its last place', () => {
    expect(rate.input!.parse(0.65)).toBe(0.65);
    expect(rate.input!.parse(0.1 + 0.2)).toBe(0.3);
    expect(rate.toColumn(0.65)).toBe(65);
    expect(rate.fromColumn(65)).toBe(0.65);
    expect(rate).toMatchObject({ scale: 2, min: 0.01, max: 10 });
  });

  it('takes any scale from 0 to 6', () => {
    const miles = decimal({ label: 'Miles', required: true, scale: 1, min: 0, max: 5_000 });
    expect(issuesOf(miles.input!, 12.34)).toEqual(['Miles has at most one decimal']);
    expect(miles.toColumn(12.3)).toBe(123);
    const fine = decimal({ label: 'Factor', required: true, scale: 3, min: 0, max: 1 });
    expect(fine.toColumn(0.125)).toBe(125);
    expect(fine.fromColumn(125)).toBe(0.125);
    expect(issuesOf(fine.input!, 0.1255)).toEqual(['Factor has at most three decimals']);
    const whole = decimal({ label: 'Stops', required: true, scale: 0, min: 1, max: 100_000 });
    expect(issuesOf(whole.input!, 1.5)).toEqual(['Stops is a whole number']);
    expect(issuesOf(whole.input!, 100_001)).toEqual(['Stops is at most 100,000']);
  });

  it('refuses a declaration whose bounds do not fit: finer than the scale, min above max, a scale out of range', () => {
    expect(() => decimal({ label: 'Rate', required: true, scale: 2, min: 0.001, max: 1 })).toThrow(
      /0.001 is not a number with 2 decimals/,
    );
    expect(() => decimal({ label: 'Rate', required: true, scale: 2, min: 5, max: 1 })).toThrow(/above max/);
    expect(() => checkBounds('Rate', { scale: 7, min: 0, max: 1 })).toThrow(/scale/);
    expect(() => decimalRule('Rate', { scale: 1.5, min: 0, max: 1 })).toThrow(/scale/);
  });

  it('is what the pay rates declare: the driver’s rate and the dispatcher’s percent, with no rule of their own for decimals', () => {
    expect(drivers.fields.payRate).toMatchObject({ kind: 'decimal', scale: 2, min: 0.01, max: 100_000 });
    expect(dispatcherPayRules.fields.percent).toMatchObject({ kind: 'decimal', scale: 2, min: 0, max: 100 });
    expect(issuesOf(dispatcherPayRules.fields.percent.input!, 3.125)).toEqual(['Percent has at most two decimals']);
    expect(issuesOf(dispatcherPayRules.fields.percent.input!, 100.5)).toEqual(['Percent is at most 100']);
  });
});

describe('toScaled and fromScaled', () => {
  it('count the last places of a decimal, or say it has a finer part', () => {
    expect(toScaled(12.34, 2)).toBe(1234);
    expect(toScaled(12.345, 3)).toBe(12345);
    expect(toScaled(12.345, 2)).toBeNull();
    expect(toScaled(5, 0)).toBe(5);
    expect(toScaled(1e300, 2)).toBeNull();
    expect(fromScaled(12345, 3)).toBe(12.345);
    expect(() => fromScaled(1.5, 2)).toThrow(RangeError);
  });
});
