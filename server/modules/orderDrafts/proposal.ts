import { sql } from 'kysely';
import type { SheetField, SheetFieldKey, SheetReading, SheetVehicleFieldKey } from '../../../schema/dispatchSheets';
import { VEHICLE_TYPES } from '../../../schema/vin';
import type { DraftFieldHint, NewPartyDto } from '../../../schema/orderDrafts';
import { phoneText } from '../../../schema/format';
import type { Db } from '../../db/types';

/**
 * What a draft's reading becomes on the review screen (docs/product/dispatch-sheets.md#review): the order form's
 * starting values, each with how sure the reader was and where it read it, the broker and shipper matched to ours
 * (by MC number, then by name) or offered as new records filled from the sheet.
 */

/** The form field each sheet field fills. A stop's name is its venue, and the pickup's venue is the shipper. */
const FORM_OF: Partial<Record<SheetFieldKey, string>> = {
  loadBoard: 'loadBoard',
  loadId: 'externalLoadId',
  'broker.name': 'brokerId',
  price: 'price',
  brokerFee: 'brokerFee',
  paymentMethod: 'paymentMethod',
  paymentTermsDays: 'paymentTermsDays',
  notes: 'notes',
  ...stopForm('pickup'),
  ...stopForm('delivery'),
};

function stopForm(stop: 'pickup' | 'delivery'): Partial<Record<SheetFieldKey, string>> {
  return {
    [`${stop}.name`]: `${stop}.venue`,
    [`${stop}.address`]: `${stop}.address`,
    [`${stop}.city`]: `${stop}.city`,
    [`${stop}.state`]: `${stop}.stateId`,
    [`${stop}.zip`]: `${stop}.zip`,
    [`${stop}.contact`]: `${stop}.contactName`,
    [`${stop}.phone`]: `${stop}.contactPhone`,
    [`${stop}.date`]: `${stop}.date`,
    [`${stop}.dateTo`]: `${stop}.dateTo`,
  };
}

const hintOf = (sheetField: string, field: SheetField): DraftFieldHint => ({
  sheetField,
  confidence: field.confidence,
  spot: field.spot,
  read: field.value,
});

/** The sheet's words for a place: "Dallas, TX". */
const place = (city?: string, state?: string) => [city, state].filter(Boolean).join(', ');

export interface Proposal {
  proposal: Record<string, unknown>;
  hints: Record<string, DraftFieldHint>;
  brokerId: number | null;
  shipperId: number | null;
  newBroker: NewPartyDto | null;
  newShipper: NewPartyDto | null;
}

/** The reading's values as the sheet gave them (absent fields are undefined). */
export const valuesOf = (reading: SheetReading) => {
  const value = (key: SheetFieldKey) => reading.fields[key]?.value || undefined;
  return value;
};

async function matchBroker(db: Db, name?: string, mc?: string): Promise<number | null> {
  const base = db.selectFrom('brokers').select('id').where('deleted_at', 'is', null);
  const digits = mc?.replace(/\D/g, '');
  if (digits) {
    const byMc = await base.where('mc_number', '=', digits).executeTakeFirst();
    if (byMc) return Number(byMc.id);
  }
  if (!name) return null;
  const byName = await base.where(sql`lower(name)`, '=', name.toLowerCase()).executeTakeFirst();
  return byName ? Number(byName.id) : null;
}

async function matchShipper(db: Db, name?: string): Promise<number | null> {
  if (!name) return null;
  const row = await db
    .selectFrom('shippers')
    .select('id')
    .where('deleted_at', 'is', null)
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** The only carrier the company books under, when it has one; with several the reviewer chooses. */
async function onlyCarrier(db: Db): Promise<number | null> {
  const rows = await db.selectFrom('carriers').select('id').where('deleted_at', 'is', null).limit(2).execute();
  return rows.length === 1 ? Number(rows[0].id) : null;
}

async function stateIds(db: Db, codes: (string | undefined)[]): Promise<Map<string, number>> {
  const wanted = [...new Set(codes.filter((c): c is string => !!c))];
  if (!wanted.length) return new Map();
  const rows = await db
    .selectFrom('states')
    .select(['id', 'abbreviation'])
    .where('abbreviation', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [r.abbreviation, Number(r.id)]));
}

const num = (text?: string) =>
  text !== undefined && text !== '' && Number.isFinite(Number(text)) ? Number(text) : null;

export async function proposalOf(db: Db, reading: SheetReading): Promise<Proposal> {
  const value = valuesOf(reading);
  const [brokerId, shipperId, carrierId, states] = await Promise.all([
    matchBroker(db, value('broker.name'), value('broker.mc')),
    matchShipper(db, value('pickup.name')),
    onlyCarrier(db),
    stateIds(db, [value('pickup.state'), value('delivery.state')]),
  ]);
  const stop = (stop: 'pickup' | 'delivery') => ({
    venue: value(`${stop}.name`) ?? null,
    address: value(`${stop}.address`) ?? '',
    city: value(`${stop}.city`) ?? '',
    stateId: states.get(value(`${stop}.state`) ?? '') ?? null,
    zip: value(`${stop}.zip`) ?? null,
    contactName: value(`${stop}.contact`) ?? null,
    contactPhone: value(`${stop}.phone`) ?? null,
    dateType: 'ESTIMATED',
    date: value(`${stop}.date`) ?? null,
    dateTo: value(`${stop}.dateTo`) ?? null,
  });
  const vehicles = reading.vehicles.map((v) => {
    const read = (key: SheetVehicleFieldKey) => v[key]?.value || undefined;
    const type = read('type');
    return {
      vin: read('vin') ?? '',
      year: num(read('year')),
      make: read('make') ?? '',
      model: read('model') ?? '',
      type: type && (VEHICLE_TYPES as readonly string[]).includes(type) ? type : 'OTHER',
      price: 0,
      inoperable: false,
    };
  });
  const proposal: Record<string, unknown> = {
    loadBoard: value('loadBoard') ?? 'Email',
    externalLoadId: value('loadId') ?? null,
    brokerId,
    shipperId,
    carrierId,
    dispatcherId: null,
    trailerType: 'OPEN',
    pickup: stop('pickup'),
    delivery: stop('delivery'),
    price: num(value('price')),
    brokerFee: num(value('brokerFee')) ?? 0,
    localFee: 0,
    codAmount: 0,
    payOnPickup: false,
    payOnDelivery: false,
    paymentMethod: value('paymentMethod') ?? 'ACH',
    paymentTermsDays: num(value('paymentTermsDays')) ?? 0,
    notes: value('notes') ?? null,
    vehicles: vehicles.length ? vehicles : [{ vin: '', year: null, make: '', model: '', type: 'SEDAN', price: 0 }],
  };

  const hints: Record<string, DraftFieldHint> = {};
  for (const [sheetField, formField] of Object.entries(FORM_OF)) {
    const field = reading.fields[sheetField as SheetFieldKey];
    if (field) hints[formField] = hintOf(sheetField, field);
  }
  const shipperName = reading.fields['pickup.name'];
  if (shipperName) hints.shipperId = hintOf('pickup.name', shipperName);
  reading.vehicles.forEach((v, index) => {
    for (const [key, field] of Object.entries(v))
      if (field) hints[`vehicles.${index}.${key}`] = hintOf(`vehicles.${index}.${key}`, field);
  });

  const phone = (text?: string) => (text ? phoneText(text) : undefined);
  const newBroker =
    brokerId === null && value('broker.name')
      ? {
          name: value('broker.name')!,
          details: [
            value('broker.mc') && `MC ${value('broker.mc')}`,
            phone(value('broker.phone')),
            value('broker.email'),
            place(value('broker.city'), value('broker.state')),
          ]
            .filter(Boolean)
            .join(' · '),
        }
      : null;
  const newShipper =
    shipperId === null && value('pickup.name')
      ? {
          name: value('pickup.name')!,
          details: [
            value('pickup.contact'),
            phone(value('pickup.phone')),
            place(value('pickup.city'), value('pickup.state')),
          ]
            .filter(Boolean)
            .join(' · '),
        }
      : null;
  return { proposal, hints, brokerId, shipperId, newBroker, newShipper };
}
