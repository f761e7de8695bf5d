import { z } from 'zod';
import { idText, queryBoolean } from '../common';
import { choice, computed, date, money, reference, writeOnly } from '../define/fields';
import { defineResource, only } from '../define/resource';

export const FUEL_CARD_PROVIDERS = ['EFS', 'COMDATA', 'WEX', 'FLEETONE', 'TCHEK', 'OTHER'] as const;
export const FUEL_CARD_STATUSES = ['ACTIVE', 'BLOCKED', 'LOST'] as const;

/** A card number as typed (spaces and dashes allowed), kept as its digits until the server keeps only the last 4. */
export const cardNumber = z
  .string({ error: 'Enter the card number' })
  .trim()
  .refine(
    (v) => /^[\d\s-]+$/.test(v) && v.replace(/\D/g, '').length >= 8 && v.replace(/\D/g, '').length <= 19,
    'A card number is 8 to 19 digits',
  )
  .transform((v) => v.replace(/\D/g, ''));

export const maskCard = (last4: string) => `•••• ${last4}`;

/**
 * Fuel cards on /api/FuelCards: written with vehicle-and-card assignment, read with it or with Vehicles; no sidebar
 * entry of their own. The card number is never stored: the server keeps its last 4 digits (shown '•••• 1234') and a
 * keyed hash that finds a card entered twice. A number is only ever sent to the server (create, or an update that
 * replaces the card); every answer, list and CSV carries the masked number.
 */
export const fuelCards = defineResource({
  route: '/app/management/fuel-cards',
  api: '/api/FuelCards',
  table: 'fuel_cards',
  entity: 'fuel_card',
  singular: 'Fuel card',
  plural: 'Fuel cards',
  access: { read: ['VehicleAndCardAssignment', 'Vehicles'], write: ['VehicleAndCardAssignment'] },
  fields: {
    cardNumber: writeOnly(cardNumber, {
      label: 'Card number',
      optionalOnUpdate: true,
      help: 'Only the last 4 digits are kept.',
    }),
    maskedNumber: computed<string>({ label: 'Card' }),
    cardLast4: computed<string>({ label: 'Last 4 digits', sort: true, search: true, list: false, csv: false }),
    provider: choice(FUEL_CARD_PROVIDERS, {
      label: 'Provider',
      labels: {
        EFS: 'EFS',
        COMDATA: 'Comdata',
        WEX: 'WEX',
        FLEETONE: 'Fleet One',
        TCHEK: 'TCH / TChek',
        OTHER: 'Other',
      },
      sort: true,
      filter: true,
      search: true,
    }),
    status: choice(FUEL_CARD_STATUSES, {
      label: 'Status',
      labels: { ACTIVE: 'Active', BLOCKED: 'Blocked', LOST: 'Lost' },
      colours: { ACTIVE: 'success', BLOCKED: 'warning', LOST: 'error' },
      default: 'ACTIVE',
      sort: true,
      filter: true,
    }),
    expiresOn: date({ label: 'Expires', required: true, expires: 'Card', sort: true }),
    limit: money({ label: 'Daily limit', max: 100_000 }),
    carrierId: reference('carriers', { label: 'Carrier', filter: true }),
    driverId: computed<number | null>({ label: 'Driver today', list: false, csv: false }),
    driverName: computed<string | null>({ label: 'Driver today', shows: { target: 'drivers', idField: 'driverId' } }),
  },
  filters: { assigned: only.yesNo('Assigned to a driver') },
  storage: { card_last4: { type: 'text', notNull: true }, card_hash: { type: 'text', notNull: true } },
  formDefaults: { provider: 'EFS' },
  defaultSort: 'cardLast4',
  recordTitle: 'maskedNumber',
});
export type FuelCardDto = typeof fuelCards.types.dto;

/** GET /api/FuelCards/dropdown-list (keys in any casing: HideAssigned, ShowDeleted). */
export const fuelCardsDropdownQuery = z.object({
  hideAssigned: queryBoolean.default(false),
  showDeleted: queryBoolean.default(false),
  driverId: idText.optional(),
});
