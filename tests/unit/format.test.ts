import { describe, expect, it } from 'vitest';
import { BANK_TYPE_LABELS, MATCH_ITEM_LABELS } from '../../schema/bank';
import {
  countText,
  distinctNames,
  enumLabel,
  enumWords,
  monthText,
  percentText,
  personName,
  phoneTail,
  rangeText,
  signedMoney,
  usDate,
  usMoney,
  usNumber,
} from '../../schema/format';
import { previousRange } from '../../schema/reports';
import { formatValue } from '../../ui/reports/format';

/** The one way Haulboard shows things (schema/format.ts), on the screens and in the server's messages. */
describe('counts, percentages, months and ranges', () => {
  it('puts a count with its unit, singular for exactly one', () => {
    expect(countText(1, 'day')).toBe('1 day');
    expect(countText(2, 'day')).toBe('2 days');
    expect(countText(0, 'day')).toBe('0 days');
    expect(countText(1234, 'load')).toBe('1,234 loads');
    expect(countText(3, 'entry', 'entries')).toBe('3 entries');
  });

  it('writes a percentage with no space, a true minus, and a plus only where asked', () => {
    expect(percentText(-10.4)).toBe('−10.4%');
    expect(percentText(4.5)).toBe('4.5%');
    expect(percentText(4.5, { signed: true })).toBe('+4.5%');
    expect(percentText(0, { signed: true })).toBe('0%');
    expect(percentText(-0.01, { signed: true })).toBe('0%');
    expect(percentText(1234.56)).toBe('1,234.6%');
  });

  it('writes money with separators and a true minus, like the percentages and the signed amounts beside it', () => {
    expect(usMoney(1234.5)).toBe('$1,234.50');
    expect(usMoney(-12.5)).toBe('−$12.50');
    expect(signedMoney(12.5, 'DEBIT')).toBe('−$12.50');
    expect(usMoney(null)).toBe('');
    expect(usNumber(1234567)).toBe('1,234,567');
  });

  it('reads a report change as −10.4%, not (-10.4 %)', () => {
    expect(formatValue({ kind: 'percent' }, -10.4)).toBe('−10.4%');
    expect(formatValue({ kind: 'percent' }, 3)).toBe('+3%');
  });

  it('names a whole month by its name and any other range by its days', () => {
    expect(monthText('2026-10-15')).toBe('October 2026');
    expect(rangeText('2026-10-01', '2026-10-31')).toBe('October 2026');
    expect(rangeText('2026-02-01', '2026-02-28')).toBe('February 2026');
    expect(rangeText('2026-10-02', '2026-10-31')).toBe('10/02/2026 to 10/31/2026');
    expect(rangeText('2026-10-01', '2026-11-30')).toBe('10/01/2026 to 11/30/2026');
  });

  it('compares a whole month with the month before, other ranges with as many days before', () => {
    expect(previousRange({ from: '2026-11-01', to: '2026-11-30' })).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(previousRange({ from: '2026-03-01', to: '2026-03-31' })).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(previousRange({ from: '2026-01-01', to: '2026-01-31' })).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(previousRange({ from: '2026-11-09', to: '2026-11-15' })).toEqual({ from: '2026-11-02', to: '2026-11-08' });
  });

  it('leaves anything that is not a business date as it is', () => {
    expect(usDate('2026-12-02')).toBe('12/02/2026');
    expect(usDate('soon')).toBe('soon');
  });
});

describe('enum labels', () => {
  it('uses the label the schema declares', () => {
    expect(enumLabel(BANK_TYPE_LABELS, 'ACH_DEBIT')).toBe('ACH debit');
    expect(enumLabel(MATCH_ITEM_LABELS, 'PAY_BILL')).toBe('Driver payment');
  });

  it('puts a value nobody labelled in words, abbreviations in capitals', () => {
    expect(enumWords('ACH_DEBIT')).toBe('ACH debit');
    expect(enumWords('DEBIT_CARD')).toBe('Debit card');
    expect(enumLabel(undefined, 'COD_CHECK')).toBe('COD check');
    expect(enumLabel(BANK_TYPE_LABELS, 'Sale')).toBe('Sale');
    expect(enumLabel(BANK_TYPE_LABELS, null)).toBe('');
  });
});

describe('names of people', () => {
  it('joins the parts of a name without stray spaces', () => {
    expect(personName('John', 'Smith')).toBe('John Smith');
    expect(personName(' John ', null)).toBe('John');
  });

  it('tells two people of the same name apart, and leaves other names alone', () => {
    const people = [
      { id: 4, name: 'John Smith', phone: '5551234567' },
      { id: 9, name: 'John Smith', phone: null },
      { id: 7, name: 'Ana Lopez', phone: '5550001111' },
    ];
    const names = distinctNames(people, [(p) => phoneTail(p.phone)]);
    expect(names.get(4)).toBe('John Smith (phone …4567)');
    expect(names.get(9)).toBe('John Smith (#9)');
    expect(names.get(7)).toBe('Ana Lopez');
  });
});
