import { z } from 'zod';
import type { DuplicateDto } from './duplicates';
import type { SheetLayout, SheetReading, SheetSpot } from './dispatchSheets';
import type { OrderStatus } from './bookOrders';
import { FEATURES } from './features';

/**
 * Draft orders read from dispatch sheets (docs/product/dispatch-sheets.md#drafts): each sheet uploaded or mailed in
 * becomes one, the reviewer fixes what was misread and books it, or discards it.
 */
/** The screen's address, the feature's (schema/features.ts). */
export const DISPATCH_SHEETS_ROUTE = FEATURES.find((feature) => feature.key === 'DispatchSheets')!.uri;

export const DRAFT_STATUSES = ['OPEN', 'BOOKED', 'DISCARDED'] as const;
export type DraftStatus = (typeof DRAFT_STATUSES)[number];
export const DRAFT_SOURCES = ['UPLOAD', 'EMAIL'] as const;
export type DraftSource = (typeof DRAFT_SOURCES)[number];

/** A draft as the list shows it. */
export interface OrderDraftSummaryDto {
  id: number;
  status: DraftStatus;
  source: DraftSource;
  fileName: string;
  sizeBytes: number;
  layout: SheetLayout;
  /** "Dallas, TX → Atlanta, GA · 2 vehicles · $1,250.00", from what was read. */
  summary: string;
  loadId: string | null;
  brokerName: string | null;
  /** Fields read with less than LOW_CONFIDENCE (schema/dispatchSheets.ts). */
  toCheck: number;
  createdAt: string;
  /** Who uploaded it; null when it came by mail. */
  createdBy: string | null;
  /** The sender, when it came by mail. */
  mailFrom: string | null;
  bookOrderId: number | null;
  orderNumber: string | null;
}

/** How sure the reader was of the value a form field starts with, and where on the sheet it read it. */
export interface DraftFieldHint {
  /** The sheet's field (schema/dispatchSheets.ts SHEET_FIELDS, or vehicles.N.key). */
  sheetField: string;
  confidence: number;
  spot: SheetSpot | null;
  /** The value as read, before it was matched to a record (a broker's name, a state's letters). */
  read: string;
}

/** A broker or shipper the sheet names that is not one of ours yet: what adding it would record. */
export interface NewPartyDto {
  name: string;
  /** One line of the rest: "MC 123456 · (214) 555-0134 · Dallas, TX". */
  details: string;
}

export interface OrderDraftDto extends OrderDraftSummaryDto {
  version: number;
  reading: SheetReading;
  /** The order form's starting values (schema/bookOrders.ts bookOrderInput's shape, what could be filled). */
  proposal: Record<string, unknown>;
  /** Form field path (pickup.city, vehicles.0.vin) → its hint. */
  hints: Record<string, DraftFieldHint>;
  newBroker: NewPartyDto | null;
  newShipper: NewPartyDto | null;
  /** Orders it likely repeats (schema/duplicates.ts). */
  duplicates: DuplicateDto[];
  /** Other drafts of the very same file. */
  sameFile: { id: number; status: DraftStatus; orderNumber: string | null; orderStatus: OrderStatus | null }[];
}

export const draftListQuery = z.object({
  status: z.enum(DRAFT_STATUSES).default('OPEN'),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  size: z.coerce.number().int().min(1).max(200).default(50),
});

/** POST /api/OrderDrafts?fileName=…: the name the file had (the body is the PDF). */
export const draftUploadQuery = z.object({
  fileName: z.string().trim().min(1).max(200).default('dispatch-sheet.pdf'),
});

/** Book: the reviewed order (bookOrderInput, checked by the server as the create is) and the draft's version. */
export const draftBookBody = z.object({
  version: z.number().int().positive(),
  order: z.record(z.string(), z.unknown()),
});

export const draftVersionBody = z.object({ version: z.number().int().positive() });

export const DRAFT_PARTIES = ['broker', 'shipper'] as const;
export type DraftParty = (typeof DRAFT_PARTIES)[number];
