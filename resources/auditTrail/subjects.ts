import './messages';
import { AUDIT_SUBJECTS } from '../../schema/audit';
import type { Field } from '../../schema/define/fields';
import { displayKey } from '../../schema/define/references';
import type { AnyResource } from '../../schema/define/resource';
import { RECORD_RESOURCES } from '../../schema/resources';
import { EXPLAIN_REASON_LABELS, MATCH_ITEM_LABELS } from '../../schema/bank';
import { DATE_TYPES, ORDER_STATUSES, PAYMENT_STATUSES, TRAILER_TYPES, VEHICLE_TYPES } from '../../schema/bookOrders';
import { type Describe, type FieldInfo, keyWords } from './diff';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Every record has these besides its fields. */
const RECORD_KEYS: Readonly<Record<string, FieldInfo>> = {
  id: { label: 'Id', quiet: true },
  version: { label: 'Version', quiet: true },
  createdAt: { label: 'Created', kind: 'instant', quiet: true },
  updatedAt: { label: 'Updated', kind: 'instant', quiet: true },
  deleted: { label: 'Deleted', kind: 'boolean' },
  deletedAt: { label: 'Deleted at', kind: 'instant' },
  // A record's expirations are worked out from its dates, which have lines of their own.
  expiry: { label: 'Expirations', kind: 'hidden' },
};

/** How a definition's field reads in the trail: its label, money and dates as such, a choice's words. */
function infoOf(field: Field): FieldInfo {
  const label = field.flags.label;
  switch (field.kind) {
    case 'money':
      return { label, kind: 'money' };
    case 'date':
      return { label, kind: 'date' };
    case 'boolean':
      return { label, kind: 'boolean' };
    case 'text':
    case 'email':
    case 'phone':
      return { label, kind: 'text' };
    default:
      return field.choices ? { label, choices: field.choices.labels } : { label };
  }
}

/**
 * The fields of a record definition, as the trail reads them: labels as the forms have them, a reference shown by
 * the name it carries (carrierId by carrierName, which has no line of its own), groups and rows field by field.
 */
export function describeDefinition(def: AnyResource): Describe {
  const names = (fields: Readonly<Record<string, Field>>) =>
    new Map(
      Object.entries(fields).flatMap(([key, field]): [string, string][] => {
        if (field.kind === 'reference' && field.target) return [[displayKey(key, field.target), key]];
        if (field.shows) return [[key, field.shows.idField]];
        return [];
      }),
    );
  return (path) => {
    let fields = def.fields as Readonly<Record<string, Field>>;
    let info: FieldInfo | undefined;
    for (const [depth, key] of path.entries()) {
      if (key === '*') continue;
      const field = fields[key];
      const named = names(fields).get(key);
      // The name a reference's id is shown by: never a line of its own (unless the id is not a field).
      if (named && fields[named] && named !== key) return { label: key, kind: 'hidden' };
      if (!field) return depth === 0 ? RECORD_KEYS[key] : undefined;
      const shownBy =
        field.kind === 'reference' && field.target
          ? displayKey(key, field.target)
          : [...names(fields)].find(([name, id]) => id === key && name !== key)?.[0];
      info = { ...infoOf(field), ...(shownBy ? { shownBy } : {}) };
      fields = field.group?.fields ?? field.rows?.fields ?? {};
    }
    return info;
  };
}

const choiceWords = (translate: Translate, prefix: string, values: readonly string[]) =>
  Object.fromEntries(values.map((value) => [value, translate(`${prefix}.${value}`)]));

/** Book orders have no definition: their words are the order screens' (haulboard.book_orders), their DTO the server's. */
function describeBookOrder(translate: Translate): Describe {
  const money = new Set(['price', 'brokerFee', 'localFee', 'codAmount']);
  const shownBy: Readonly<Record<string, string>> = {
    brokerId: 'brokerName',
    shipperId: 'shipperName',
    carrierId: 'carrierName',
    dispatcherId: 'dispatcherName',
    driverId: 'driverName',
    truckId: 'truckNumber',
    trailerId: 'trailerNumber',
    stateId: 'state',
  };
  const names = new Set(Object.values(shownBy));
  const choices: Readonly<Record<string, Readonly<Record<string, string>>>> = {
    status: choiceWords(translate, 'haulboard.book_orders.statuses', ORDER_STATUSES),
    paymentStatus: choiceWords(translate, 'haulboard.book_orders.payment_statuses', PAYMENT_STATUSES),
    trailerType: choiceWords(translate, 'haulboard.book_orders.trailer_types', TRAILER_TYPES),
    dateType: choiceWords(translate, 'haulboard.book_orders.date_types', DATE_TYPES),
  };
  const vehicleTypes = choiceWords(translate, 'haulboard.book_orders.vehicle_types', VEHICLE_TYPES);
  // The order screens' label keys are the DTO's keys in snake case, references without their Id.
  const snake = (key: string) => key.replace(/Id$/, '').replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  return (path) => {
    const key = path[path.length - 1];
    if (path.length === 1 && RECORD_KEYS[key]) return RECORD_KEYS[key];
    if (names.has(key)) return { label: key, kind: 'hidden' };
    const vehicle = path[0] === 'vehicles' && path.length === 3;
    const labelKey =
      vehicle && key === 'price' ? 'vehicle_price' : vehicle && key === 'type' ? 'vehicle_type' : snake(key);
    const info: FieldInfo = {
      label: translate(`haulboard.book_orders.fields.${labelKey}`, { _: keyWords(key) }),
      ...(shownBy[key] ? { shownBy: shownBy[key] } : {}),
    };
    if (money.has(key) && (path.length === 1 || vehicle)) return { ...info, kind: 'money' };
    if (key === 'date' || key === 'dateTo') return { ...info, kind: 'date' };
    if (vehicle && key === 'type') return { ...info, choices: vehicleTypes };
    return choices[key] ? { ...info, choices: choices[key] } : info;
  };
}

/** Fields nobody described: their keys in words, record keys as every record has them. */
const describeAny: Describe = (path) => (path.length === 1 ? RECORD_KEYS[path[0]] : undefined);

/** A bank row's matches and explanations (server/modules/bank): the items and reasons in the bank screen's words. */
const describeBankRow: Describe = (path) => {
  const key = path[path.length - 1];
  if (key === 'itemType') return { label: 'Item', choices: MATCH_ITEM_LABELS };
  if (key === 'reason' && path.length === 1) return { label: 'Reason', choices: EXPLAIN_REASON_LABELS };
  return describeAny(path);
};

/** What the trail knows of an entity: its words, the screen its records open on, how its fields read. */
export interface Subject {
  entity: string;
  /** The entity in words: the definition's singular, the trail's own words, or the entity as stored. */
  name: string;
  /** The react-admin resource whose edit screen opens a record of it. */
  resource?: string;
  describe: Describe;
}

/** The subject of an entity, in the words of `translate`. */
export function subjectOf(entity: string, translate: Translate): Subject {
  const known = AUDIT_SUBJECTS.find((subject) => subject.entity === entity);
  const def = RECORD_RESOURCES.find((d) => d.entity === entity) as AnyResource | undefined;
  if (def)
    return {
      entity,
      name: translate(`resources.${def.name}.name`, { smart_count: 1 }),
      resource: def.name,
      describe: describeDefinition(def),
    };
  const name = translate(`haulboard.audit.entities.${entity}`, { _: entity });
  return {
    entity,
    name,
    resource: known?.resource,
    describe:
      entity === 'book_order'
        ? describeBookOrder(translate)
        : entity === 'bank_transaction'
          ? describeBankRow
          : describeAny,
  };
}
