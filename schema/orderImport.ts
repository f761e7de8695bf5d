import type { DuplicateDto } from './duplicates';

/**
 * Booking loads from a CSV file (docs/product/book-orders.md#csv-import): one row per vehicle; rows with the same
 * Order ref are one load, whose other columns are read from its first row. Names stand for records (a broker, a
 * shipper, a carrier by name; a dispatcher by e-mail; a state by its two letters), dates are MM/DD/YYYY and money
 * is dollars. The template is these headers and an example row, so the file and the reader cannot drift.
 */
export const ORDER_CSV_COLUMNS = [
  { key: 'ref', header: 'Order ref', example: 'A1', help: 'Rows with the same ref are one load' },
  { key: 'loadBoard', header: 'Load board', example: 'Central Dispatch' },
  { key: 'loadId', header: 'Load id', example: 'CD-123456' },
  { key: 'broker', header: 'Broker', example: '' },
  { key: 'shipper', header: 'Shipper', example: '' },
  { key: 'carrier', header: 'Carrier', example: '' },
  { key: 'dispatcher', header: 'Dispatcher e-mail', example: '' },
  { key: 'trailerType', header: 'Trailer type', example: 'Open' },
  { key: 'pickupAddress', header: 'Pickup address', example: '100 Main St' },
  { key: 'pickupCity', header: 'Pickup city', example: 'Dallas' },
  { key: 'pickupState', header: 'Pickup state', example: 'TX' },
  { key: 'pickupZip', header: 'Pickup ZIP', example: '75201' },
  { key: 'pickupDate', header: 'Pickup date', example: '12/09/2026' },
  { key: 'deliveryAddress', header: 'Delivery address', example: '200 Peachtree St' },
  { key: 'deliveryCity', header: 'Delivery city', example: 'Atlanta' },
  { key: 'deliveryState', header: 'Delivery state', example: 'GA' },
  { key: 'deliveryZip', header: 'Delivery ZIP', example: '30303' },
  { key: 'deliveryDate', header: 'Delivery date', example: '12/11/2026' },
  { key: 'price', header: 'Price', example: '1250.00' },
  { key: 'brokerFee', header: 'Broker fee', example: '0' },
  { key: 'paymentMethod', header: 'Payment method', example: 'ACH' },
  { key: 'paymentTermsDays', header: 'Payment terms (days)', example: '15' },
  { key: 'notes', header: 'Notes', example: '' },
  { key: 'vin', header: 'VIN', example: '1HGCM82633A004352' },
  { key: 'year', header: 'Year', example: '2003' },
  { key: 'make', header: 'Make', example: 'Honda' },
  { key: 'model', header: 'Model', example: 'Accord' },
  { key: 'vehicleType', header: 'Vehicle type', example: 'Sedan' },
  { key: 'vehiclePrice', header: 'Vehicle price', example: '1250.00' },
] as const;
export type OrderCsvKey = (typeof ORDER_CSV_COLUMNS)[number]['key'];
export type OrderCsvRow = Record<OrderCsvKey, string>;

/** A file of at most this many rows (vehicles) is read; bigger imports are split. */
export const ORDER_CSV_MAX_ROWS = 1000;
/** And at most this many bytes. */
export const ORDER_CSV_MAX_BYTES = 1_000_000;

/** What is wrong with one cell or row, by its line in the file (the header is line 1). */
export interface ImportProblem {
  line: number;
  column: string | null;
  message: string;
}

/** One load of the file as the preview shows it, and whether it can be booked as it is. */
export interface ImportedLoadDto {
  ref: string;
  lines: number[];
  summary: string;
  problems: ImportProblem[];
  duplicates: DuplicateDto[];
}

export interface ImportPreviewDto {
  loads: ImportedLoadDto[];
  /** Loads with no problem and no likely duplicate: what "Book" creates. */
  ready: number;
}

export interface ImportResultDto {
  created: { ref: string; id: number; orderNumber: string }[];
  /** Loads left out, with why: the preview's problems, or likely duplicates. */
  skipped: { ref: string; reason: string }[];
}

/** The template: the headers and one example row. */
export const orderCsvTemplate = () =>
  [ORDER_CSV_COLUMNS.map((c) => c.header), ORDER_CSV_COLUMNS.map((c) => c.example)]
    .map((row) => row.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(','))
    .join('\r\n') + '\r\n';
