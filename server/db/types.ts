import type { Generated, Kysely } from 'kysely';

/**
 * Tables as Kysely sees them. One schema serves SQLite and PostgreSQL, so booleans are stored as 0/1 integers,
 * instants as ISO-8601 UTC text, business dates as YYYY-MM-DD text and money as integer cents.
 */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  avatar: string | null;
  phone: string | null;
  user_type: string | null;
  is_active: number;
  is_email_verified: number;
  registration_completed: number;
  account_id: number;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  version: Generated<number>;
  /** When an administrator (or a password link) first activated the account; null = pending. */
  activated_at: string | null;
}
export interface RolesTable { id: Generated<number>; name: string }
export interface UserRolesTable { user_id: number; role_id: number }
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
export interface RoleFeaturePermissionsTable { role_id: number; feature_id: number; permission: string }
export interface FeatureGroupsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  is_default: number;
  position: number;
}
export interface FeatureGroupItemsTable { user_id: number; feature_id: number; group_id: number; position: number }
export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}
/** address: the client's address as the server sees it (TRUST_PROXY); null on rows written before migration 011. */
export interface LoginFailuresTable { id: Generated<number>; email: string; address: string | null; at: string }
/** Addresses a user signed in from, with the last time: their usual places (auth/throttle.ts). */
export interface SignInAddressesTable { user_id: number; address: string; last_at: string }
/** Counted events of a kind per key (e.g. registrations per address), for throttles; pruned when old. */
export interface ThrottleHitsTable { id: Generated<number>; kind: string; key: string; at: string }
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
}
export interface MetaTable { key: string; value: string }
export interface StatesTable { id: Generated<number>; abbreviation: string; name: string }
export interface NamedListTable { id: Generated<number>; code: string; name: string; position: number }
export interface PhoneCountriesTable {
  id: Generated<number>;
  code: string;
  name: string;
  dial_code: string;
  digits: number;
}
export interface CarriersTable {
  id: Generated<number>;
  code: string;
  name: string;
  mc_number: string | null;
  usdot_number: string | null;
  insurance_insurer: string | null;
  insurance_policy_number: string | null;
  insurance_cargo_cents: number | null;
  insurance_liability_cents: number | null;
  insurance_expires_on: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  version: Generated<number>;
}
export interface CarrierAuthoritiesTable {
  id: Generated<number>;
  carrier_id: number;
  position: number;
  type: string;
  docket_number: string;
  status: string;
  granted_on: string | null;
}
export interface DriversTable {
  id: Generated<number>;
  user_id: number | null;
  carrier_id: number | null;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  phone_country: string;
  driver_type: string;
  cdl_class: string | null;
  cdl_number: string | null;
  cdl_state_id: number | null;
  cdl_expires_on: string | null;
  medical_card_expires_on: string | null;
  mvr_checked_on: string | null;
  hired_on: string | null;
  terminated_on: string | null;
  pay_type: string;
  pay_rate: number;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  version: Generated<number>;
}
export interface UnitsTable {
  id: Generated<number>;
  unit_type: string;
  unit_number: string;
  vin: string;
  make: string;
  model: string;
  year: number;
  plate: string | null;
  plate_state_id: number | null;
  capacity: number | null;
  carrier_id: number | null;
  registration_expires_on: string | null;
  annual_inspection_due_on: string | null;
  status: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  version: Generated<number>;
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
export interface FuelCardsTable {
  id: Generated<number>;
  card_last4: string;
  card_hash: string;
  provider: string;
  expires_on: string;
  status: string;
  limit_cents: number | null;
  carrier_id: number | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  version: Generated<number>;
}
export interface BrokerContactsTable {
  id: Generated<number>;
  broker_id: number;
  position: number;
  name: string;
  phone: string | null;
  email: string | null;
  role: string | null;
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
export interface PartiesTable {
  id: Generated<number>;
  name: string;
  contact_name: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  city: string | null;
  state_id: number | null;
  zip: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  version: Generated<number>;
}
export interface BrokersTable extends PartiesTable {
  mc_number: string | null;
  usdot_number: string | null;
  payment_terms_days: number;
  status: string;
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

export interface Database {
  users: UsersTable;
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
  carriers: CarriersTable;
  drivers: DriversTable;
  units: UnitsTable;
  unit_assignments: UnitAssignmentsTable;
  driver_dispatcher_assignments: DriverDispatcherAssignmentsTable;
  fuel_cards: FuelCardsTable;
  carrier_authorities: CarrierAuthoritiesTable;
  broker_contacts: BrokerContactsTable;
  password_links: PasswordLinksTable;
  shippers: PartiesTable;
  brokers: BrokersTable;
  book_orders: BookOrdersTable;
  book_order_totals: BookOrderTotalsTable;
  book_order_cities: BookOrderCitiesTable;
  book_order_vehicles: BookOrderVehiclesTable;
  book_order_status_history: BookOrderStatusHistoryTable;
  saved_filters: SavedFiltersTable;
  book_order_search: BookOrderSearchTable;
  notifications: NotificationsTable;
  push_tokens: PushTokensTable;
}

export type Db = Kysely<Database>;
