import type { Generated } from 'kysely';

/** A record of an item of a driver's qualification file (migration 062, server/modules/qualification). */
export interface DriverQualificationRecordsTable {
  id: Generated<number>;
  driver_id: number;
  /** schema/qualification.ts QUALIFICATION_ITEMS */
  item: string;
  done_on: string;
  expires_on: string | null;
  registry_verified_on: string | null;
  notes: string | null;
  checked_by: number | null;
  checked_at: string;
  /** Set when a newer record of the item took its place; the row is kept for its legal time. */
  replaced_at: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  deleted_by: number | null;
  version: Generated<number>;
}
