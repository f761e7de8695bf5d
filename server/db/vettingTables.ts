import type { Generated } from 'kysely';

/**
 * The tables of vetting brokers and shippers against the federal motor carrier agency's public files (migration 058,
 * server/modules/vetting). Statuses are the files' own letters: A active, I inactive, N none; amounts of insurance are
 * in thousands of dollars, as the files give them.
 */
export interface FmcsaImportsTable {
  id: Generated<number>;
  /** census | carrier | insurance (schema/vetting.ts FMCSA_FILE_KINDS), from the file's header. */
  kind: string | null;
  file_name: string;
  /** queued | running | done | failed */
  status: string;
  bytes: Generated<number>;
  rows_read: Generated<number>;
  added: Generated<number>;
  updated: Generated<number>;
  changes: Generated<number>;
  /** Rows without a valid USDOT number or docket, left out. */
  skipped: Generated<number>;
  /** The business date the import's facts were seen on (what changes are dated with). */
  seen_on: string;
  error: string | null;
  created_by: number | null;
  created_at: string;
  finished_at: string | null;
}
export interface FmcsaUploadChunksTable {
  import_id: number;
  seq: number;
  content: Uint8Array;
}
export interface FmcsaCensusTable {
  dot_number: number;
  legal_name: string;
  dba_name: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  /** Digits of the MC docket, when the census names one. */
  mc_number: string | null;
  changed_on: string;
  import_id: number;
}
export interface FmcsaAuthoritiesTable {
  /** MC123456, FF123, MX123 */
  docket: string;
  dot_number: number | null;
  legal_name: string | null;
  dba_name: string | null;
  common_status: string | null;
  contract_status: string | null;
  broker_status: string | null;
  bipd_required: number | null;
  bipd_on_file: number | null;
  cargo_required: number | null;
  cargo_on_file: number | null;
  bond_required: number | null;
  bond_on_file: number | null;
  changed_on: string;
  import_id: number;
}
export interface FmcsaInsuranceTable {
  id: Generated<number>;
  docket: string;
  dot_number: number | null;
  form: string;
  kind: string;
  insurer: string;
  policy: string;
  coverage: number | null;
  effective_on: string;
  cancel_on: string | null;
  import_id: number;
}
export interface FmcsaChangesTable {
  id: Generated<number>;
  dot_number: number | null;
  docket: string | null;
  /** name | address | phone | email | authority | insurance | bond */
  field: string;
  before: string | null;
  after: string | null;
  /** When the value before was first seen (the record's last change), if known. */
  since_on: string | null;
  seen_on: string;
  import_id: number;
  flagged_at: string | null;
}

export interface VettingTables {
  fmcsa_imports: FmcsaImportsTable;
  fmcsa_upload_chunks: FmcsaUploadChunksTable;
  fmcsa_census: FmcsaCensusTable;
  fmcsa_authorities: FmcsaAuthoritiesTable;
  fmcsa_insurance: FmcsaInsuranceTable;
  fmcsa_changes: FmcsaChangesTable;
}
