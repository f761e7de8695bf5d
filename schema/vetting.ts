import { z } from 'zod';
import { fileNameText, idText, pagingQuery } from './common';

/**
 * Vetting brokers and shippers against the federal motor carrier agency's public files (docs/product/compliance.md
 * #vetting): the files the company imports, and what a broker's or shipper's record shows of them.
 */

/** The files read: the carrier census, the licensing & insurance carrier file, its insurance file (active/pending). */
export const FMCSA_FILE_KINDS = ['census', 'carrier', 'insurance'] as const;
export type FmcsaFileKind = (typeof FMCSA_FILE_KINDS)[number];
export const FMCSA_FILE_LABELS: Record<FmcsaFileKind, string> = {
  census: 'Carrier census',
  carrier: 'Licensing & insurance: carriers',
  insurance: 'Licensing & insurance: insurance',
};

/** The largest file the upload takes (the CLI, npm run vetting:import, takes any): a state's extract, not the nation. */
export const MAX_FMCSA_UPLOAD_BYTES = 256 * 1024 * 1024;
export const FMCSA_UPLOAD_TYPES = ['text/csv', 'text/plain', 'application/vnd.ms-excel', 'application/octet-stream'];

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export interface FmcsaImportDto {
  id: number;
  kind: FmcsaFileKind | null;
  fileName: string;
  status: ImportStatus;
  bytes: number;
  rowsRead: number;
  added: number;
  updated: number;
  changes: number;
  skipped: number;
  seenOn: string;
  error: string | null;
  createdBy: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export const importQuery = z.object({ fileName: fileNameText(255) }).strict();
export const importsQuery = z.object({ ...pagingQuery(20, 100) }).strict();

/** A/I/N in the files. */
export const AUTHORITY_STATUS_LABELS: Record<string, string> = { A: 'Active', I: 'Inactive', N: 'None' };

export interface AuthorityDto {
  docket: string;
  common: string | null;
  contract: string | null;
  broker: string | null;
  /** Any of its authorities active: what booking asks of a broker. */
  active: boolean;
  /** Whole dollars (the files give thousands). */
  bipdRequired: number | null;
  bipdOnFile: number | null;
  cargoRequired: boolean | null;
  cargoOnFile: boolean | null;
  bondRequired: boolean | null;
  bondOnFile: boolean | null;
  changedOn: string;
}

export interface FilingDto {
  form: string;
  kind: string;
  insurer: string;
  policy: string;
  /** Whole dollars. */
  coverage: number | null;
  effectiveOn: string;
  cancelOn: string | null;
}

export const CHANGE_FIELDS = ['name', 'address', 'phone', 'email', 'authority', 'insurance', 'bond'] as const;
export type ChangeField = (typeof CHANGE_FIELDS)[number];
export const CHANGE_FIELD_LABELS: Record<ChangeField, string> = {
  name: 'Name',
  address: 'Address',
  phone: 'Phone',
  email: 'E-mail',
  authority: 'Authority',
  insurance: 'Insurance',
  bond: 'Bond',
};
/** A change seen this many days ago or fewer is recent: highlighted on the record, told by the weekly sweep. */
export const RECENT_CHANGE_DAYS = 30;

export interface ChangeDto {
  id: number;
  field: ChangeField;
  before: string | null;
  after: string | null;
  sinceOn: string | null;
  seenOn: string;
  recent: boolean;
}

export interface VettingDto {
  /** What was looked up. */
  mcNumber: string | null;
  usdotNumber: string | null;
  /** The date of the last file of each kind imported, or null: nothing to vet against yet. */
  imported: Record<FmcsaFileKind, string | null>;
  /** The census record found (by USDOT, or the MC docket). */
  census: {
    dotNumber: number;
    legalName: string;
    dbaName: string | null;
    address: string | null;
    phone: string | null;
    email: string | null;
    changedOn: string;
  } | null;
  authority: AuthorityDto | null;
  filings: FilingDto[];
  changes: ChangeDto[];
}

export const lookupQuery = z
  .object({
    mc: z
      .string()
      .trim()
      .regex(/^(MC[\s-]?)?\d{1,8}$/i, 'An MC number is up to 8 digits, e.g. MC-123456')
      .optional(),
    dot: z
      .string()
      .trim()
      .regex(/^\d{1,8}$/, 'A USDOT number is up to 8 digits')
      .optional(),
  })
  .strict()
  .refine((q) => q.mc || q.dot, { message: 'Give an MC or a USDOT number', path: ['mc'] });

export const partyParams = z.object({ id: idText });
