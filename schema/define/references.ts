/**
 * What a record may point at (a `reference` field): the target's table and how the DTO names what it shows of it.
 * `code` targets show a short code beside the id under the key without "Id" (stateId → state: 'TX'); `name`
 * targets show a name under the key with "Name" for "Id" (carrierId → carrierName), `email` ones an e-mail
 * (userId → userEmail). The server says how each one is
 * read (server/modules/records/references.ts) and the web app how each one is picked (ui/records/pickers.tsx); both
 * are keyed by this list, so a new target fails to compile until it has both.
 */
export const REFERENCE_TARGETS = {
  states: { table: 'states', display: 'code' },
  carriers: { table: 'carriers', display: 'name' },
  users: { table: 'users', display: 'name' },
  /** A user account shown by its e-mail (a driver's sign-in). */
  userAccounts: { table: 'users', display: 'email' },
  roles: { table: 'roles', display: 'name' },
  drivers: { table: 'drivers', display: 'name' },
  dispatchers: { table: 'users', display: 'name' },
  trucks: { table: 'units', display: 'name' },
  trailers: { table: 'units', display: 'name' },
  fuelCards: { table: 'fuel_cards', display: 'name' },
  brokers: { table: 'brokers', display: 'name' },
  shippers: { table: 'shippers', display: 'name' },
  factoringCompanies: { table: 'factoring_companies', display: 'name' },
  bookOrders: { table: 'book_orders', display: 'name' },
  transactions: { table: 'driver_transactions', display: 'name' },
  tickets: { table: 'tickets', display: 'name' },
  /** A code of the violation table, shown as FMCSA writes it (violationNumberId → violationNumber: '393.9H'). */
  violationCodes: { table: 'violation_codes', display: 'code' },
} as const;

export type ReferenceTarget = keyof typeof REFERENCE_TARGETS;
export type DisplayMode = (typeof REFERENCE_TARGETS)[ReferenceTarget]['display'];

/** The DTO key of what a reference shows: stateId → state, carrierId → carrierName. */
export type DisplayKey<K extends string, M extends DisplayMode> = K extends `${infer Base}Id`
  ? M extends 'code'
    ? Base
    : M extends 'email'
      ? `${Base}Email`
      : `${Base}Name`
  : `${K}Name`;

export function displayKey(key: string, target: ReferenceTarget): string {
  const base = key.endsWith('Id') ? key.slice(0, -2) : key;
  const mode: DisplayMode = REFERENCE_TARGETS[target].display;
  if (mode === 'code' && key.endsWith('Id')) return base;
  return mode === 'email' ? `${base}Email` : `${base}Name`;
}
