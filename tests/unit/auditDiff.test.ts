import { describe, expect, it } from 'vitest';
import { auditApiFilter } from '../../resources/auditTrail/api';
import {
  type Describe,
  auditDiff,
  auditSummary,
  changedLines,
  formatValue,
  keyWords,
} from '../../resources/auditTrail/diff';
import { describeDefinition, subjectOf } from '../../resources/auditTrail/subjects';
import { AUDIT_SUBJECTS, auditEntityOf } from '../../schema/audit';
import { usDateTime } from '../../schema/format';
import { RECORD_RESOURCES } from '../../schema/resources';
import { shippers } from '../../schema/resources/shippers';
import { adminI18nProvider } from '../../src/i18n/admin';
import { vehicles } from '../../schema/resources/vehicles';

/** The audit trail's readable diff (resources/auditTrail/diff.ts) and the words it reads fields with. */
const none: Describe = () => undefined;
const translate = (key: string, options?: Record<string, unknown>) =>
  adminI18nProvider.translate(key, options) as string;
const line = (diff: ReturnType<typeof auditDiff>, key: string) => diff.lines.find((l) => l.key === key);

describe('the audit diff', () => {
  it('gives one line per changed field, labelled and formatted by its description, and keeps the rest apart', () => {
    const describe: Describe = (path) =>
      ({
        price: { label: 'Price', kind: 'money' as const },
        pickupDate: { label: 'Pickup date', kind: 'date' as const },
        approved: { label: 'Approved', kind: 'boolean' as const },
        status: { label: 'Status', choices: { NEW: 'New', PAID: 'Paid' } },
        notes: { label: 'Notes', kind: 'text' as const },
      })[path.join('.')];
    const diff = auditDiff(
      {
        id: 4,
        version: 2,
        price: 1234.5,
        pickupDate: '2026-03-01',
        approved: false,
        status: 'NEW',
        notes: 'same',
        updatedAt: '2026-03-01T10:00:00.000Z',
      },
      {
        id: 4,
        version: 3,
        price: 1500,
        pickupDate: '2026-03-04',
        approved: true,
        status: 'PAID',
        notes: 'same',
        updatedAt: '2026-03-02T10:00:00.000Z',
      },
      describe,
    );
    expect(diff.kind).toBe('changed');
    expect(changedLines(diff).map((l) => [l.label, l.before, l.after])).toEqual([
      ['Price', '$1,234.50', '$1,500.00'],
      ['Pickup date', '03/01/2026', '03/04/2026'],
      ['Approved', 'No', 'Yes'],
      ['Status', 'New', 'Paid'],
    ]);
    // Unchanged fields and bookkeeping (version, updatedAt) are there for "show all", never among what changed.
    expect(line(diff, 'notes')).toMatchObject({ change: 'same', before: 'same', after: 'same' });
    expect(line(diff, 'version')).toMatchObject({ change: 'changed', quiet: true });
    expect(line(diff, 'updatedAt')).toMatchObject({ quiet: true, after: usDateTime('2026-03-02T10:00:00.000Z') });
  });

  it('says what a created record was made with and what a deleted one held, leaving out empty fields', () => {
    const created = auditDiff(null, { name: 'Yard', city: null, zip: '' }, none);
    expect(created.kind).toBe('created');
    expect(created.lines.map((l) => [l.label, l.before, l.after, l.change])).toEqual([['Name', null, 'Yard', 'added']]);
    const deleted = auditDiff({ name: 'Yard', notes: null }, undefined, none);
    expect(deleted.kind).toBe('deleted');
    expect(deleted.lines.map((l) => [l.label, l.before, l.after, l.change])).toEqual([
      ['Name', 'Yard', null, 'removed'],
    ]);
    expect(auditDiff(null, null, none)).toEqual({ kind: 'none', lines: [] });
  });

  it('marks a value set where there was none, and one cleared, apart from a change', () => {
    const diff = auditDiff({ phone: null, email: 'a@b.co' }, { phone: '5551234567', email: null }, none);
    expect(diff.lines.map((l) => [l.key, l.change])).toEqual([
      ['phone', 'added'],
      ['email', 'removed'],
    ]);
  });

  it('flattens nested objects and lists of records field by field, matching records by position, and joins lists of values', () => {
    const describe: Describe = (path) =>
      ({
        pickup: { label: 'Pickup' },
        'pickup.city': { label: 'City' },
        vehicles: { label: 'Vehicle' },
        'vehicles.*.price': { label: 'Price', kind: 'money' as const },
      })[path.join('.')];
    const diff = auditDiff(
      {
        pickup: { city: 'Dallas', zip: '75201' },
        vehicles: [
          { id: 1, vin: 'A', price: 100 },
          { id: 2, vin: 'B', price: 200 },
        ],
        tags: ['a', 'b'],
      },
      // Saved whole: the rows come back with new ids.
      { pickup: { city: 'Austin', zip: '75201' }, vehicles: [{ id: 3, vin: 'A', price: 150 }], tags: ['a', 'c'] },
      describe,
    );
    expect(changedLines(diff).map((l) => [l.key, l.label, l.before, l.after])).toEqual([
      ['pickup.city', 'Pickup · City', 'Dallas', 'Austin'],
      ['vehicles.1.price', 'Vehicle 1 · Price', '$100.00', '$150.00'],
      ['tags', 'Tags', 'a, b', 'a, c'],
      ['vehicles.2.vin', 'Vehicle 2 · Vin', 'B', null],
      ['vehicles.2.price', 'Vehicle 2 · Price', '$200.00', null],
    ]);
    expect(line(diff, 'pickup.zip')?.change).toBe('same');
    expect(line(diff, 'vehicles.1.id')).toMatchObject({ change: 'changed', quiet: true });
    expect(line(diff, 'vehicles.2.id')).toMatchObject({ change: 'removed', quiet: true });
  });

  it('reads values nobody described sensibly: cents, dates and moments by their look, secrets hidden, long text whole', () => {
    expect(formatValue(123456, undefined, 'amountCents')).toBe('$1,234.56');
    expect(formatValue(1990, undefined, 'year')).toBe('1990');
    expect(formatValue('2026-12-09', undefined, 'on')).toBe('12/09/2026');
    expect(formatValue('2026-12-09T15:05:00.000Z', undefined, 'at')).toBe(usDateTime('2026-12-09T15:05:00.000Z'));
    expect(formatValue('[hidden]', undefined, 'password')).toBe('(hidden)');
    expect(formatValue('2026-12-09', { label: 'Code', kind: 'text' }, 'code')).toBe('2026-12-09');
    const long = 'x'.repeat(5000);
    expect(formatValue(long, undefined, 'notes')).toBe(long);
    // Cents read as dollars, so their unit is no word of the label; codes nobody described read in words.
    expect(keyWords('brokerFeeCents')).toBe('Broker fee');
    expect(keyWords('amount_cents')).toBe('Amount');
    expect(keyWords('cents')).toBe('Cents');
    expect(formatValue('ACH_DEBIT', undefined, 'type')).toBe('ACH debit');
    expect(formatValue('BOOK_ORDER', undefined, 'itemType')).toBe('Book order');
    expect(formatValue('AB_12', { label: 'Plate', kind: 'text' }, 'plate')).toBe('AB_12');
    const match = auditDiff(null, { amountCents: 12550, lines: [{ itemType: 'PAY_BILL', amountCents: 12550 }] }, none);
    expect(match.lines.map((l) => [l.label, l.after])).toEqual([
      ['Amount', '$125.50'],
      ['Lines 1 · Item type', 'Pay bill'],
      ['Lines 1 · Amount', '$125.50'],
    ]);
    // A bank row's match names its items as the bank screen does (schema/bank.ts).
    const bank = subjectOf('bank_transaction', translate).describe;
    expect(
      auditDiff({ reason: 'BANK_FEE' }, { amountCents: 100, lines: [{ itemType: 'PAY_BILL' }] }, bank).lines,
    ).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ label: 'Lines 1 · Item', after: 'Driver payment' }),
        expect.objectContaining({ label: 'Reason', before: 'Bank fee' }),
      ]),
    );
    expect(keyWords('entity_id')).toBe('Entity id');
    expect(keyWords('FleetManager on Bank')).toBe('FleetManager on Bank');
    // A snapshot that is not an object (the sidebar's new order) is one value.
    expect(auditDiff([1, 2, 3], [3, 1, 2], none).lines.map((l) => [l.key, l.before, l.after])).toEqual([
      ['', '1, 2, 3', '3, 1, 2'],
    ]);
  });
});

describe('the summary of an entry', () => {
  it('says created or deleted for those actions, the one field with its values, or the first fields and how many more', () => {
    expect(auditSummary(auditDiff(null, { name: 'Yard' }, none), 'create')).toEqual({ kind: 'created' });
    expect(auditSummary(auditDiff({ name: 'Yard' }, null, none), 'delete')).toEqual({ kind: 'deleted' });
    expect(auditSummary(auditDiff(null, null, none), 'login')).toEqual({ kind: 'none' });
    expect(auditSummary(auditDiff({ version: 1 }, { version: 2 }, none), 'update')).toEqual({ kind: 'no_change' });
    expect(auditSummary(auditDiff({ city: 'Dallas' }, { city: 'Austin' }, none), 'update')).toEqual({
      kind: 'line',
      label: 'City',
      before: 'Dallas',
      after: 'Austin',
      oneSided: false,
    });
    // What an entry only records (an API call) is not a record created: its one value, no arrow.
    expect(auditSummary(auditDiff(null, { status: 200 }, none), 'call')).toEqual({
      kind: 'line',
      label: 'Status',
      before: null,
      after: '200',
      oneSided: true,
    });
    expect(
      auditSummary(auditDiff({ a: 1, b: 1, c: 1, d: 1, e: 1 }, { a: 2, b: 2, c: 2, d: 2, e: 1 }, none), 'update'),
    ).toEqual({ kind: 'fields', labels: ['A', 'B', 'C'], more: 1 });
  });
});

describe('the fields of a record definition in the trail', () => {
  it('labels fields as the forms do and shows a reference by the name it carries, once', () => {
    const diff = auditDiff(
      { id: 1, name: 'Yard', stateId: 43, state: 'TX', city: 'Dallas', version: 1, deleted: false },
      { id: 1, name: 'Yard', stateId: 5, state: 'CA', city: 'Fresno', version: 2, deleted: false },
      describeDefinition(shippers),
    );
    expect(changedLines(diff).map((l) => [l.label, l.before, l.after])).toEqual([
      ['State', 'TX', 'CA'],
      ['City', 'Dallas', 'Fresno'],
    ]);
    expect(diff.lines.some((l) => l.key === 'state')).toBe(false);
  });

  it('shows choices in words and a computed name in the place of its id', () => {
    const describe = describeDefinition(vehicles);
    const diff = auditDiff(
      {
        status: 'ACTIVE',
        driverId: 3,
        driverName: 'Ann Lee',
        registrationExpiresOn: '2026-01-31',
        expiry: [{ state: 'due' }],
      },
      { status: 'IN_SHOP', driverId: 4, driverName: 'Bo Diaz', registrationExpiresOn: '2027-01-31', expiry: [] },
      describe,
    );
    expect(changedLines(diff).map((l) => [l.label, l.before, l.after])).toEqual([
      ['Status', 'Active', 'In shop'],
      ['Driver today', 'Ann Lee', 'Bo Diaz'],
      ['Registration expires', '01/31/2026', '01/31/2027'],
    ]);
  });

  it('reads a book order’s money, stops and vehicles with the order screens’ words', () => {
    const { describe, name, resource } = subjectOf('book_order', translate);
    expect([name, resource]).toEqual(['Book order', 'books/bookorders']);
    const diff = auditDiff(
      {
        price: 950,
        carrierId: 1,
        carrierName: 'Acme',
        pickup: { city: 'Dallas', stateId: 43, state: 'TX', date: '2026-03-01' },
        vehicles: [{ id: 9, price: 100, type: 'SUV' }],
      },
      {
        price: 1000.5,
        carrierId: 2,
        carrierName: 'Best',
        pickup: { city: 'Dallas', stateId: 5, state: 'CA', date: '2026-03-02' },
        vehicles: [{ id: 9, price: 150, type: 'VAN' }],
      },
      describe,
    );
    expect(changedLines(diff).map((l) => l.label)).toEqual([
      'Price',
      'Carrier',
      'Pickup · State',
      'Pickup · Date',
      'Vehicles 1 · Price',
      'Vehicles 1 · Type',
    ]);
    expect(changedLines(diff).map((l) => [l.before, l.after])).toEqual([
      ['$950.00', '$1,000.50'],
      ['Acme', 'Best'],
      ['TX', 'CA'],
      ['03/01/2026', '03/02/2026'],
      ['$100.00', '$150.00'],
      ['SUV', 'Van'],
    ]);
  });

  it('knows every definition’s entity once, and names an unknown entity as it is stored', () => {
    const entities = AUDIT_SUBJECTS.map((s) => s.entity);
    expect(new Set(entities).size).toBe(entities.length);
    for (const def of RECORD_RESOURCES) expect(auditEntityOf(def.name)).toBe(def.entity);
    expect(auditEntityOf('books/bookorders')).toBe('book_order');
    expect(subjectOf('role_matrix', translate)).toMatchObject({ name: 'role_matrix', resource: undefined });
    expect(subjectOf('unit', translate)).toMatchObject({ name: 'Vehicle', resource: 'management/vehicles' });
  });
});

describe('the trail’s period filter', () => {
  it('sends the reader’s own calendar days as instants, from a period or from a link’s dates', () => {
    const start = (date: string) => {
      const [y, m, d] = date.split('-').map(Number);
      return new Date(y, m - 1, d).toISOString();
    };
    const end = (date: string) => {
      const [y, m, d] = date.split('-').map(Number);
      return new Date(new Date(y, m - 1, d + 1).getTime() - 1).toISOString();
    };
    expect(auditApiFilter({ filtered: 'custom', from: '2026-03-01', to: '2026-03-02', actorId: 3 })).toEqual({
      actorId: 3,
      from: start('2026-03-01'),
      to: end('2026-03-02'),
    });
    expect(auditApiFilter({ filtered: 'this_month' }, '2026-02-10')).toEqual({
      from: start('2026-02-01'),
      to: end('2026-02-28'),
    });
    expect(auditApiFilter({ filtered: 'all', entity: 'shipper' })).toEqual({
      entity: 'shipper',
      from: undefined,
      to: undefined,
    });
    expect(auditApiFilter({ from: '2026-03-01' })).toEqual({ from: start('2026-03-01'), to: undefined });
  });
});
