import { SHEET_FIELDS, SHEET_VEHICLE_FIELDS, type SheetFacts, type SheetReading } from '../../../schema/dispatchSheets';

/** One value of a sheet as the facts state it and as it was read. */
export interface Comparison {
  /** A field key, or `vehicle.<field>` for each vehicle's field. */
  key: string;
  expected: string | undefined;
  read: string | undefined;
  confidence: number | undefined;
  right: boolean;
}

/**
 * A reading against the facts, value by value: every field the facts state or the reader claims (a value read that
 * the sheet does not have is wrong too), limited to `keys` when given (what the generic reader looks for), and each
 * vehicle's fields by position (only the VIN when `vinsOnly`).
 */
export function compareReading(
  facts: SheetFacts,
  reading: SheetReading,
  { keys = SHEET_FIELDS as readonly string[], vinsOnly = false } = {},
): Comparison[] {
  const out: Comparison[] = [];
  for (const key of SHEET_FIELDS) {
    if (!keys.includes(key)) continue;
    const expected = facts.fields[key];
    const got = reading.fields[key];
    if (expected === undefined && got === undefined) continue;
    out.push({ key, expected, read: got?.value, confidence: got?.confidence, right: expected === got?.value });
  }
  const count = Math.max(facts.vehicles.length, reading.vehicles.length);
  for (let i = 0; i < count; i++) {
    for (const field of vinsOnly ? (['vin'] as const) : SHEET_VEHICLE_FIELDS) {
      const expected = facts.vehicles[i]?.[field];
      const got = reading.vehicles[i]?.[field];
      out.push({
        key: `vehicle.${field}`,
        expected,
        read: got?.value,
        confidence: got?.confidence,
        right: expected === got?.value,
      });
    }
  }
  return out;
}

/** The groups the bench holds to 100%: VINs, ZIPs, dates and money. */
export function groupOf(key: string): 'VINs' | 'ZIPs' | 'dates' | 'money' | null {
  if (key === 'vehicle.vin') return 'VINs';
  if (key.endsWith('.zip')) return 'ZIPs';
  if (key.endsWith('.date') || key.endsWith('.dateTo')) return 'dates';
  if (key === 'price' || key === 'brokerFee') return 'money';
  return null;
}
