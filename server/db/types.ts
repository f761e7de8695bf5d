import type { Generated, Kysely } from 'kysely';
import type { ChildColumnsOf, ChildTablesOf } from '../../schema/define/resource';
import type { RecordResource } from '../../schema/resources';
import type { DriverQualificationRecordsTable } from './qualificationTables';
import type { VettingTables } from './vettingTables';

/** is_system: a built-in role (docs/product/accounts.md#roles; migration 031); custom ones are administrators' copies. */
export interface RolesTable {
  id: Generated<number>;
  name: string;
  is_system: Generated<number>;
}
export interface UserRolesTable {
  user_id: number;
  role_id: number;
}
export interface FeaturesTable {
  id: Generated<number>;
  key: string;
  title: string;
  uri: string;
  icon: string;
  section: string;
  parent_feature_id: number | null;
  position: number;
}
export interface RoleFeaturePermissionsTable {
  role_id: number;
  feature_id: number;
  permission: string;
}
export interface FeatureGroupsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  is_default: number;
  position: number;
}
export interface FeatureGroupItemsTable {
  user_id: number;
  feature_id: number;
  group_id: number;
  position: number;
}
export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}
/** address: the client's address as the server sees it (TRUST_PROXY); null on rows written before migration 011. */
export interface LoginFailuresTable {
  id: Generated<number>;
  email: string;
  address: string | null;
  at: string;
}
/** Addresses a user signed in from, with the last time: their usual places (auth/throttle.ts). */
export interface SignInAddressesTable {
  user_id: number;
  address: string;
  last_at: string;
}
/** Counted events of a kind per key (e.g. registrations per address), for throttles; pruned when old. */
export interface ThrottleHitsTable {
  id: Generated<number>;
  kind: string;
  key: string;
  at: string;
}
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  actor_id: number | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: string | null;
  after: string | null;
  request_id: string | null;
  /** The connected app the entry was written under (migration 030), null for people. */
  app_id: number | null;
}
export interface MetaTable {
  key: string;
  value: string;
}
export interface StatesTable {
  id: Generated<number>;
  abbreviation: string;
  name: string;
}
export interface NamedListTable {
  id: Generated<number>;
  code: string;
  name: string;
  position: number;
}
export interface PhoneCountriesTable {
  id: Generated<number>;
  code: string;
  name: string;
  dial_code: string;
  digits: number;
}
/** Dated days, both ends inclusive (ends_on null = open), with who made and who ended the assignment. */
export interface DatedAssignmentColumns {
  id: Generated<number>;
  driver_id: number;
  starts_on: string;
  ends_on: string | null;
  created_by: number | null;
  created_at: string;
  ended_by: number | null;
  ended_at: string | null;
}
/** A driver's truck, trailer or fuel card. */
export interface UnitAssignmentsTable extends DatedAssignmentColumns {
  /** Truck, Trailer or FuelCard: the driver's slot this row fills. */
  kind: string;
  unit_id: number | null;
  fuel_card_id: number | null;
}
export interface DriverDispatcherAssignmentsTable extends DatedAssignmentColumns {
  dispatcher_id: number;
}
export interface PasswordLinksTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  created_by: number | null;
}

export interface BookOrdersTable {
  id: Generated<number>;
  order_number: string;
  load_board: string;
  external_load_id: string | null;
  broker_id: number;
  shipper_id: number;
  carrier_id: number;
  dispatcher_id: number;
  driver_id: number | null;
  truck_id: number | null;
  trailer_id: number | null;
  status: string;
  trailer_type: string;
  pickup_venue: string | null;
  pickup_address: string;
  pickup_city: string;
  pickup_state_id: number;
  pickup_zip: string | null;
  pickup_contact_name: string | null;
  pickup_contact_phone: string | null;
  pickup_date_type: string;
  pickup_date: string;
  pickup_date_to: string | null;
  pickup_actual_at: string | null;
  delivery_venue: string | null;
  delivery_address: string;
  delivery_city: string;
  delivery_state_id: number;
  delivery_zip: string | null;
  delivery_contact_name: string | null;
  delivery_contact_phone: string | null;
  delivery_date_type: string;
  delivery_date: string;
  delivery_date_to: string | null;
  delivery_actual_at: string | null;
  price_cents: number;
  broker_fee_cents: number;
  local_fee_cents: number;
  cod_amount_cents: number;
  payment_method: string;
  pay_on_pickup: number;
  pay_on_delivery: number;
  payment_terms_days: number;
  payment_status: string;
  has_manager_review: number;
  approved: number;
  approved_by: number | null;
  approved_at: string | null;
  notes: string | null;
  vehicle_count: number;
  pickup_inspected: number;
  delivery_inspected: number;
  /** Straight-line miles between the stops' ZIP centroids; null when a ZIP is unknown (bookOrders/routeMiles.ts). */
  route_miles: number | null;
  search_text: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  version: Generated<number>;
}
export interface BookOrderVehiclesTable {
  id: Generated<number>;
  book_order_id: number;
  position: number;
  vin: string;
  year: number;
  make: string;
  model: string;
  type: string;
  color: string | null;
  inoperable: number;
  lot_number: string | null;
  stock_number: string | null;
  price_cents: number;
}
export interface BookOrderStatusHistoryTable {
  id: Generated<number>;
  book_order_id: number;
  from_status: string | null;
  to_status: string;
  at: string;
  actor_id: number | null;
  note: string | null;
}
export interface SavedFiltersTable {
  id: Generated<number>;
  user_id: number;
  resource: string;
  name: string;
  filter: string;
  created_at: string;
  updated_at: string;
  /** Shared with the holders of this role (one of the owner's), who may apply it but not change it. */
  shared_role_id: number | null;
}
/** SQLite only: the FTS5 trigram index of book_orders.search_text (rowid = book order id). */
/** Per-day totals of live orders, overall (dim 'all') and per filter value (modules/bookOrders/totals.ts). */
export interface BookOrderTotalsTable {
  dim: string;
  value: string;
  day: string;
  count: number;
  price_cents: number;
  fee_cents: number;
  /** Migration 024, for the reports: vehicles, COD of delivered orders, price of paid orders. */
  vehicles: Generated<number>;
  cod_cents: Generated<number>;
  paid_cents: Generated<number>;
  /** Migration 024, for revenue per mile: the orders with a known distance, their price and miles. */
  miles_count: Generated<number>;
  miles_price_cents: Generated<number>;
  miles: Generated<number>;
}

export interface BookOrderCitiesTable {
  name: string;
}

export interface BookOrderSearchTable {
  rowid: number;
  text: string;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  title: string;
  body: string;
  link: string | null;
  created_at: string;
  read_at: string | null;
}
export interface PushTokensTable {
  id: Generated<number>;
  user_id: number;
  token: string;
  token_hash: string;
  platform: string;
  created_at: string;
  last_seen_at: string;
}

/** A driver's ledger totals, kept with every posting (server/modules/finances/ledger.ts). */
/** A checklist step of a driver's off-boarding, ticked (server/modules/offboarding). */
export interface DriverOffboardingStepsTable {
  id: Generated<number>;
  driver_id: number;
  step: string;
  done_by: number;
  done_at: string;
  note: string | null;
}

export interface DriverBalancesTable {
  driver_id: number;
  credits_cents: number;
  debits_cents: number;
  /** Escrow the company holds for the driver: deposits less releases. */
  escrow_cents: number;
  entries: number;
}
/** A driver's ledger sums of one day, kept with every posting. */
export interface DriverLedgerDaysTable {
  driver_id: number;
  day: string;
  credits_cents: number;
  debits_cents: number;
  entries: number;
}

/** Every driver's sums per entry type and day (migration 016), kept with each posting. */
export interface LedgerTypeDaysTable {
  type: string;
  day: string;
  credits_cents: number;
  debits_cents: number;
  entries: number;
}

/** One upload of a bank export (migration 018). */
export interface BankImportsTable {
  id: Generated<number>;
  layout: string;
  file_name: string;
  imported_by: number | null;
  imported_at: string;
  rows_read: number;
  added: number;
  already_there: number;
  first_day: string | null;
  last_day: string | null;
}

/** A bank row, once however many exports carried it (migration 018; schema/bank.ts BankRow). */
export interface BankTransactionsTable {
  id: Generated<number>;
  import_id: number;
  layout: string;
  posted_on: string;
  transaction_on: string | null;
  description: string;
  amount_cents: number;
  details: string | null;
  type: string | null;
  category: string | null;
  balance_cents: number | null;
  check_number: string | null;
  memo: string | null;
  fingerprint: string;
  line: number;
  /** Matching (migration 020): what is applied, the state it gives, and an explanation without an item. */
  version: Generated<number>;
  state: Generated<string>;
  matched_cents: Generated<number>;
  explain_reason: string | null;
  explain_note: string | null;
  explained_by: number | null;
  explained_at: string | null;
}

/** One bank row applied to items (migration 020); undone matches stay, with who, when and why. */
export interface BankMatchesTable {
  id: Generated<number>;
  bank_transaction_id: number;
  amount_cents: number;
  note: string | null;
  matched_by: number | null;
  matched_at: string;
  undone_by: number | null;
  undone_at: string | null;
  undo_reason: string | null;
}

export interface BankMatchLinesTable {
  id: Generated<number>;
  match_id: number;
  item_type: string;
  item_id: number;
  amount_cents: number;
}

/** What the active matches apply to an item, kept with each match and undo. */
export interface BankItemSettlementsTable {
  item_type: string;
  item_id: number;
  settled_cents: number;
}

/** The FMCSA violation codes (migration 021): reference data. */
export interface ViolationCodesTable {
  id: Generated<number>;
  code: string;
  code_key: string;
  section: string;
  description: string;
  basic: string;
  violation_group: string;
  severity: number;
  oos: number | null;
}

/** Files kept for a record (scanned tickets and inspection reports), the bytes in the database. */
export interface DocumentsTable {
  id: Generated<number>;
  owner_type: string;
  owner_id: number;
  file_name: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  /** Empty when the bytes are in the object store (object_key). */
  content: Uint8Array;
  /** The object holding the bytes when S3_URL is set (migration 043); null: the bytes are in content. */
  object_key: string | null;
  created_at: string;
  created_by: number | null;
  deleted_at: string | null;
  deleted_by: number | null;
}

/** A vehicle's inspection at pickup or delivery (migration 044, server/modules/vehicleInspections). */
export interface VehicleInspectionsTable {
  id: Generated<number>;
  book_order_id: number;
  vin: string;
  stage: string;
  type: string;
  driver_id: number;
  client_key: string;
  vin_confirmed: number;
  odometer: number | null;
  keys: number | null;
  loose_items: string | null;
  notes: string | null;
  latitude: number | null;
  longitude: number | null;
  accuracy_m: number | null;
  /** The phone's damage list as JSON (schema/vehicleInspections.ts damageInput[]). */
  damages: string;
  completed_at: string | null;
  signer_name: string | null;
  customer_not_available: number;
  subject_to_inspection: number;
  created_at: string;
  updated_at: string;
  version: number;
}

/** A photo of an inspection (or its signature, view SIGNATURE): bytes in the row or the object store. */
export interface VehicleInspectionPhotosTable {
  id: Generated<number>;
  inspection_id: number;
  client_key: string;
  view: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  /** Empty when the bytes are in the object store (object_key). */
  content: Uint8Array;
  object_key: string | null;
  taken_at: string;
  received_at: string;
  latitude: number | null;
  longitude: number | null;
  accuracy_m: number | null;
}
/**
 * Online links to an order's bill of lading at a stage (migration 046, server/modules/vehicleInspections/bolRoutes.ts):
 * only the SHA-256 of the token is kept; created_by is null for the link a mailed bill carries.
 */
export interface BolLinksTable {
  id: Generated<number>;
  book_order_id: number;
  stage: string;
  token_sha256: string;
  created_by: number | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  revoked_by: number | null;
}
/** A bill of lading mailed to the shipper and broker: one per order and stage (unique), recipients as a JSON array. */
export interface BolMailingsTable {
  id: Generated<number>;
  book_order_id: number;
  stage: string;
  link_id: number | null;
  recipients: string;
  created_at: string;
}

/**
 * An order's links to its public tracking page (migration 056, server/modules/tracking/links.ts): the token is the
 * HMAC of salt under the server's secret, never stored; token_sha256 finds the link a request names.
 */
export interface TrackingLinksTable {
  id: Generated<number>;
  book_order_id: number;
  salt: string;
  token_sha256: string;
  /** The one vehicle the link is for (migration 065); null: the whole order. */
  vin: string | null;
  created_by: number | null;
  created_at: string;
  revoked_at: string | null;
  revoked_by: number | null;
}
/** The last city a driver's phone reported for a load: the nearest ZIP's, never the coordinates. */
export interface TrackingPositionsTable {
  book_order_id: number;
  driver_id: number;
  zip: string;
  city: string;
  state: string;
  at: string;
}
/** A customer notice sent: once per order and kind (unique), recipients as a JSON array. */
export interface TrackingNoticesTable {
  id: Generated<number>;
  book_order_id: number;
  kind: string;
  recipients: string;
  created_at: string;
}
/** An address that gets an order's notices for a customer ('shipper' or 'broker' and its id), and its opt-out. */
export interface TrackingRecipientsTable {
  id: Generated<number>;
  email: string;
  customer_kind: string;
  customer_id: number;
  created_at: string;
  opted_out_at: string | null;
}

/** A webhook subscription (migration 057, server/modules/webhooks): the secret is the HMAC of salt, never stored. */
export interface WebhookSubscriptionsTable {
  id: Generated<number>;
  url: string;
  /** '|order.created|claim.opened|' */
  events: string;
  description: string;
  status: string;
  paused_reason: string | null;
  allow_private: number;
  salt: string;
  previous_salt: string | null;
  previous_until: string | null;
  secret_rotated_at: string | null;
  failing_since: string | null;
  next_attempt_at: string | null;
  last_delivery_at: string | null;
  lease_token: string | null;
  lease_until: string | null;
  app_id: number | null;
  created_by: number;
  created_at: string;
  updated_at: string;
  version: number;
}
/** What happened, with the body every subscription gets. */
export interface WebhookEventsTable {
  id: Generated<number>;
  type: string;
  book_order_id: number | null;
  /** JSON: the body's data (server/modules/webhooks/events.ts). */
  data: string;
  created_at: string;
}
/** One event to one subscription (unique but for replays). */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  subscription_id: number;
  event_id: number;
  status: string;
  attempts: number;
  replay_of: number | null;
  created_at: string;
  delivered_at: string | null;
}
/** One answer of a receiver, or why there was none. */
export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  at: string;
  status_code: number | null;
  error: string | null;
  response: string | null;
  duration_ms: number;
}

/** The next number of each gapless series ('invoice', 'credit_note'), moved inside the write that takes one. */
export interface NumberCountersTable {
  name: string;
  next_value: number;
}
/** An invoice to one payer (server/modules/invoices): never deleted; voided by a credit note. */
export interface InvoicesTable {
  id: Generated<number>;
  number: number;
  payer_kind: string;
  broker_id: number | null;
  shipper_id: number | null;
  status: string;
  issued_on: string;
  terms_days: number;
  due_on: string;
  subtotal_cents: number;
  total_cents: number;
  paid_cents: Generated<number>;
  credited_cents: Generated<number>;
  /** The bank day of the payment that cleared it (migration 050); null while anything is left. */
  paid_on: string | null;
  /** 1 when a payment left a balance. */
  short_paid: Generated<number>;
  short_reason: string | null;
  notes: string | null;
  sent_at: string | null;
  sent_by: number | null;
  sent_to: string | null;
  sent_document_id: number | null;
  voided_at: string | null;
  /** The factor it is assigned to (migration 051), none when null. */
  factoring_company_id: number | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}
/** Per payer and day, what the receivables' last-12-months figures add up (migration 053, kept by triggers). */
export interface ReceivableDaysTable {
  payer_kind: string;
  payer_id: number;
  day: string;
  paid_count: number;
  paid_days: number;
  received_count: number;
  short_count: number;
}
/** The same per calendar month (YYYY-MM). */
export interface ReceivableMonthsTable {
  payer_kind: string;
  payer_id: number;
  month: string;
  paid_count: number;
  paid_days: number;
  received_count: number;
  short_count: number;
}
/** The open invoices per payer, issue day and due day: how many and what they owe (migration 053, kept by triggers). */
export interface ReceivableOpenTable {
  payer_kind: string;
  payer_id: number;
  issued_on: string;
  due_on: string;
  open_count: number;
  open_cents: number;
}
/** The orders an invoice bills; live until the invoice is voided (one live invoice per order). */
export interface InvoiceOrdersTable {
  id: Generated<number>;
  invoice_id: number;
  book_order_id: number;
  live: Generated<number>;
}
/** An invoice's lines as billed. */
export interface InvoiceLinesTable {
  id: Generated<number>;
  invoice_id: number;
  position: number;
  kind: string;
  book_order_id: number | null;
  product_id: number | null;
  description: string;
  quantity: number;
  unit_cents: number;
  amount_cents: number;
  quickbooks_item: string | null;
  income_account: string | null;
}
/** The credit note that voids an invoice: its own gapless number. */
export interface CreditNotesTable {
  id: Generated<number>;
  number: number;
  invoice_id: number;
  amount_cents: number;
  reason: string;
  created_by: number | null;
  created_at: string;
}

/** One accounting export of a period in one format (migration 052, server/modules/accountingExport). */
export interface AccountingExportsTable {
  id: Generated<number>;
  format: string;
  from_on: string;
  to_on: string;
  /** What it carried, by kind: JSON of AccountingExportCounts (schema/accountingExport.ts). */
  counts: string;
  created_by: number | null;
  created_at: string;
}

/** A schedule of accounts sent to a factor (server/modules/factoring): never deleted; cancelled while unfunded. */
export interface FactoringSchedulesTable {
  id: Generated<number>;
  number: number;
  factoring_company_id: number;
  schedule_on: string;
  status: string;
  total_cents: number;
  invoice_count: number;
  cancelled_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}
/** The invoices on a schedule at their amount then; live until the schedule is cancelled (one live schedule each). */
export interface FactoringScheduleInvoicesTable {
  id: Generated<number>;
  schedule_id: number;
  invoice_id: number;
  amount_cents: number;
  live: Generated<number>;
}
/** A schedule's books: fundings and reserve releases, reversed by entries with the amounts negated, never deleted. */
export interface FactoringEntriesTable {
  id: Generated<number>;
  schedule_id: number;
  factoring_company_id: number;
  kind: string;
  entered_on: string;
  advance_cents: Generated<number>;
  fee_cents: Generated<number>;
  reserve_cents: Generated<number>;
  released_cents: Generated<number>;
  reverses_id: number | null;
  note: string | null;
  created_by: number | null;
  created_at: string;
}

/** A file of an accounting export; its bytes are a document (owner 'accounting_export'). */
export interface AccountingExportFilesTable {
  id: Generated<number>;
  export_id: number;
  position: number;
  kind: string;
  file_name: string;
  row_count: number;
  document_id: number;
}

/** An entity an accounting export carried, with the fingerprint of what was written. */
export interface AccountingExportEntriesTable {
  id: Generated<number>;
  export_id: number;
  format: string;
  entity_kind: string;
  entity_key: string;
  fingerprint: string;
  action: string;
}

/** Reminders sent (court dates, challenge deadlines): once per record and date. */
export interface DeadlineRemindersTable {
  id: Generated<number>;
  kind: string;
  record_id: number;
  due_on: string;
  sent_at: string;
}

/** Idempotency keys of enqueued jobs (migration 055, server/jobs/enqueue.ts): a key taken once adds nothing again. */
export interface JobKeysTable {
  key: string;
  job: string;
  created_at: string;
}

/** SQLite's embedded queue (migration 055, server/jobs/embedded.ts); PostgreSQL's is graphile-worker's own schema. */
export interface JobsTable {
  id: Generated<number>;
  name: string;
  payload: string;
  state: 'pending' | 'running' | 'failed';
  run_at: string;
  attempts: Generated<number>;
  max_attempts: number;
  last_error: string | null;
  locked_by: string | null;
  created_at: string;
  finished_at: string | null;
}

/** The next run of each periodic job on SQLite (migration 055). */
export interface JobSchedulesTable {
  name: string;
  next_run_at: string;
}

/** A quarter's IFTA return (migration 060): its version, and once closed, the return as filed (JSON of IftaReturnDto). */
export interface IftaQuartersTable {
  id: Generated<number>;
  /** '2026-Q1'. */
  quarter: string;
  status: string;
  snapshot: string | null;
  closed_at: string | null;
  closed_by: number | null;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}
/** A quarter's fuel-tax rate in a state, per gallon, in ten-thousandths of a dollar. */
export interface IftaRatesTable {
  quarter_id: number;
  state: string;
  rate_e4: number;
}
/** A fuel-card CSV imported (migration 060, server/modules/ifta/fuelImport.ts). */
export interface FuelImportsTable {
  id: Generated<number>;
  file_name: string;
  sha256: string;
  layout: string;
  row_count: number;
  added_count: number;
  duplicate_count: number;
  refused_count: number;
  created_by: number | null;
  created_at: string;
}
/** A line of a fuel-card transaction: gallons in thousandths, the amount in cents, the card's last 4 digits only. */
export interface FuelPurchasesTable {
  id: Generated<number>;
  import_id: number;
  fingerprint: string;
  /** The line of the file it was read from. */
  line: number;
  purchased_on: string;
  card_last4: string | null;
  fuel_card_id: number | null;
  unit: string | null;
  driver_name: string | null;
  invoice: string | null;
  location: string | null;
  city: string | null;
  state: string;
  /** The item code as the file wrote it (ULSD, DEFD …); product is what it is (schema/ifta.ts FUEL_PRODUCTS). */
  item: string;
  product: string;
  gallons_e3: number;
  amount_cents: number;
  created_at: string;
}
/** The places (nearest ZIPs) a driver's phone reported along a load, one row per change (migration 061). */
export interface TrackingTrailTable {
  id: Generated<number>;
  book_order_id: number;
  zip: string;
  at: string;
}

/** A claim's steps (docs/product/claims.md#claim-steps): from its type's template, each with the steps it waits for. */
export interface ClaimStepsTable {
  id: Generated<number>;
  claim_id: number;
  position: number;
  step: string;
  prerequisites: string;
  assignee_id: number | null;
  due_on: string | null;
  done_at: string | null;
  done_by: number | null;
  note: string | null;
}
export interface ClaimCommentsTable {
  id: Generated<number>;
  claim_id: number;
  author_id: number | null;
  body: string;
  created_at: string;
}
/** Payments to a claimant: what a bank line of the payment is matched against. */
export interface ClaimSettlementsTable {
  id: Generated<number>;
  claim_id: number;
  paid_on: string;
  amount_cents: number;
  method: string;
  reference: string | null;
  created_at: string;
  created_by: number | null;
}
/** A claim's timeline: what happened, when and by whom. */
export interface ClaimEventsTable {
  id: Generated<number>;
  claim_id: number;
  at: string;
  actor_id: number | null;
  kind: string;
  detail: string;
}
/** A damage of a delivery inspection a claim was opened from (migration 047): one claim per damage. */
export interface ClaimInspectionDamagesTable {
  id: Generated<number>;
  claim_id: number;
  inspection_id: number;
  /** The damage's client key within its inspection. */
  damage_key: string;
  created_at: string;
}
/** Connected apps (migration 032): only hashes of secrets; scopes as JSON; created_by is the administrator it acts for. */
export interface ConnectedAppsTable {
  id: Generated<number>;
  name: string;
  caller_id: string;
  client_id: string;
  secret_hash: string;
  secret_generation: Generated<number>;
  secret_rotated_at: string | null;
  previous_secret_hash: string | null;
  previous_secret_until: string | null;
  scopes: string;
  token_minutes: number;
  rate_per_minute: number;
  created_by: number;
  created_at: string;
  updated_at: string;
  revoked_at: string | null;
  revoked_by: number | null;
  version: Generated<number>;
}

/** One-time links of the account flows (migration 034): verify, reset or email; only the token's SHA-256 is kept. */
export interface AccountTokensTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  token_hash: string;
  /** The address the link was sent to (for an e-mail change, the new one). */
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}
/** A user's picture as the server resized it; `key` is in the URL users.avatar holds. */
export interface UserAvatarsTable {
  user_id: number;
  content_type: string;
  content: Uint8Array;
  width: number;
  height: number;
  key: string;
  updated_at: string;
}
/** The in-app mailbox (server/modules/mail): each message is its owner's (user_id) alone. */
export interface MailMessagesTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  from_address: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: string;
  read_at: string | null;
  starred: Generated<number>;
  trashed_at: string | null;
}
/** The company's settings administrators change in the app (migration 039, server/modules/company): time_zone. */
export interface CompanySettingsTable {
  name: string;
  value: string;
  version: Generated<number>;
  updated_at: string;
  updated_by: number | null;
}
export interface MailLabelsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  color: string;
  created_at: string;
}
export interface MailMessageLabelsTable {
  message_id: number;
  label_id: number;
}

/** A record table as Kysely sees it: the columns its definition derives (schema/resources), id and version generated. */
type RecordTable<D extends RecordResource> = {
  id: Generated<number>;
  version: Generated<number>;
} & D['types']['columns'];
type RecordTables = { [D in RecordResource as D['table']]: RecordTable<D> };
type AllChildTables = RecordResource extends infer D
  ? D extends RecordResource
    ? ChildTablesOf<D['fields']>
    : never
  : never;
type ChildTables = { [C in AllChildTables as C['table']]: { id: Generated<number> } & ChildColumnsOf<C> };

/** A draft order read from a dispatch sheet (migration 054, server/modules/orderDrafts). */
export interface OrderDraftsTable {
  id: Generated<number>;
  status: string;
  source: string;
  file_name: string;
  size_bytes: number;
  sha256: string;
  /** Empty when the bytes are in the object store (object_key). */
  content: Uint8Array;
  object_key: string | null;
  layout: string;
  /** schema/dispatchSheets.ts SheetReading as JSON. */
  reading: string;
  mail_from: string | null;
  mail_subject: string | null;
  book_order_id: number | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  updated_by: number | null;
  version: Generated<number>;
}

export interface Database extends RecordTables, ChildTables, VettingTables {
  roles: RolesTable;
  user_roles: UserRolesTable;
  features: FeaturesTable;
  role_feature_permissions: RoleFeaturePermissionsTable;
  feature_groups: FeatureGroupsTable;
  feature_group_items: FeatureGroupItemsTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  sign_in_addresses: SignInAddressesTable;
  throttle_hits: ThrottleHitsTable;
  audit_log: AuditLogTable;
  meta: MetaTable;
  states: StatesTable;
  load_boards: NamedListTable;
  payment_methods: NamedListTable;
  money_sources: NamedListTable;
  phone_countries: PhoneCountriesTable;
  unit_assignments: UnitAssignmentsTable;
  driver_dispatcher_assignments: DriverDispatcherAssignmentsTable;
  password_links: PasswordLinksTable;
  book_orders: BookOrdersTable;
  book_order_totals: BookOrderTotalsTable;
  book_order_cities: BookOrderCitiesTable;
  book_order_vehicles: BookOrderVehiclesTable;
  book_order_status_history: BookOrderStatusHistoryTable;
  saved_filters: SavedFiltersTable;
  driver_balances: DriverBalancesTable;
  driver_offboarding_steps: DriverOffboardingStepsTable;
  driver_ledger_days: DriverLedgerDaysTable;
  ledger_type_days: LedgerTypeDaysTable;
  bank_imports: BankImportsTable;
  bank_transactions: BankTransactionsTable;
  bank_matches: BankMatchesTable;
  bank_match_lines: BankMatchLinesTable;
  bank_item_settlements: BankItemSettlementsTable;
  book_order_search: BookOrderSearchTable;
  notifications: NotificationsTable;
  push_tokens: PushTokensTable;
  violation_codes: ViolationCodesTable;
  documents: DocumentsTable;
  vehicle_inspections: VehicleInspectionsTable;
  vehicle_inspection_photos: VehicleInspectionPhotosTable;
  bol_links: BolLinksTable;
  bol_mailings: BolMailingsTable;
  tracking_links: TrackingLinksTable;
  tracking_positions: TrackingPositionsTable;
  tracking_notices: TrackingNoticesTable;
  tracking_recipients: TrackingRecipientsTable;
  webhook_subscriptions: WebhookSubscriptionsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  deadline_reminders: DeadlineRemindersTable;
  job_keys: JobKeysTable;
  jobs: JobsTable;
  job_schedules: JobSchedulesTable;
  ifta_quarters: IftaQuartersTable;
  ifta_rates: IftaRatesTable;
  fuel_imports: FuelImportsTable;
  fuel_purchases: FuelPurchasesTable;
  tracking_trail: TrackingTrailTable;
  claim_steps: ClaimStepsTable;
  claim_comments: ClaimCommentsTable;
  claim_settlements: ClaimSettlementsTable;
  claim_events: ClaimEventsTable;
  claim_inspection_damages: ClaimInspectionDamagesTable;
  connected_apps: ConnectedAppsTable;
  account_tokens: AccountTokensTable;
  user_avatars: UserAvatarsTable;
  mail_messages: MailMessagesTable;
  mail_labels: MailLabelsTable;
  mail_message_labels: MailMessageLabelsTable;
  company_settings: CompanySettingsTable;
  number_counters: NumberCountersTable;
  invoices: InvoicesTable;
  receivable_days: ReceivableDaysTable;
  receivable_months: ReceivableMonthsTable;
  receivable_open: ReceivableOpenTable;
  invoice_orders: InvoiceOrdersTable;
  invoice_lines: InvoiceLinesTable;
  credit_notes: CreditNotesTable;
  accounting_exports: AccountingExportsTable;
  accounting_export_files: AccountingExportFilesTable;
  accounting_export_entries: AccountingExportEntriesTable;
  factoring_schedules: FactoringSchedulesTable;
  factoring_schedule_invoices: FactoringScheduleInvoicesTable;
  factoring_entries: FactoringEntriesTable;
  order_drafts: OrderDraftsTable;
  driver_qualification_records: DriverQualificationRecordsTable;
}

export type Db = Kysely<Database>;
