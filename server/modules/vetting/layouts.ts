import type { FmcsaFileKind } from '../../../schema/vetting';
import { docketOf, dotOf } from './keys';

/**
 * The FMCSA files as the agency publishes them (docs/product/compliance.md#fmcsa-files): comma-separated, a header of
 * column names, one company (census), one docket (carrier) or one filing (insurance) per line. Columns are found by
 * name, in any order and case, and those not read here are ignored, so a file with more columns (the census has over a
 * hundred) imports as well as a short extract. The header says which file it is.
 */

/** A file whose header or content is not one the import reads: the import fails with these words, for the user. */
export class FileProblem extends Error {}

type Cells = Record<string, string | undefined>;

export interface CensusRow {
  dotNumber: number;
  legalName: string;
  dbaName: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  mcNumber: string | null;
}

export interface AuthorityRow {
  docket: string;
  dotNumber: number | null;
  legalName: string | null;
  dbaName: string | null;
  common: string | null;
  contract: string | null;
  broker: string | null;
  bipdRequired: number | null;
  bipdOnFile: number | null;
  cargoRequired: number | null;
  cargoOnFile: number | null;
  bondRequired: number | null;
  bondOnFile: number | null;
}

export interface FilingRow {
  docket: string;
  dotNumber: number | null;
  form: string;
  kind: string;
  insurer: string;
  policy: string;
  coverage: number | null;
  effectiveOn: string;
  cancelOn: string | null;
}

/** Text as the file has it, spaces collapsed; empty is none. */
const clean = (value: string | undefined) => {
  const text = (value ?? '').replace(/\s+/g, ' ').trim();
  return text ? text : null;
};
/** A/I/N (or the word: ACTIVE, INACTIVE, NONE). */
const status = (value: string | undefined) => {
  const letter = clean(value)?.charAt(0).toUpperCase();
  return letter === 'A' || letter === 'I' || letter === 'N' ? letter : null;
};
const yesNo = (value: string | undefined) => {
  const letter = clean(value)?.charAt(0).toUpperCase();
  return letter === 'Y' ? 1 : letter === 'N' ? 0 : null;
};
/** Thousands of dollars, zero-filled ("00750"). */
const thousands = (value: string | undefined) => {
  const text = clean(value)?.replace(/[$,]/g, '');
  return text && /^\d{1,9}$/.test(text) ? Number(text) : null;
};
/** MM/DD/YYYY, or YYYY-MM-DD (with a time after it, dropped). */
export function fileDate(value: string | undefined): string | null {
  const text = clean(value) ?? '';
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})/.exec(text);
  if (us) return `${us[3]}-${us[1].padStart(2, '0')}-${us[2].padStart(2, '0')}`;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  return iso ? `${iso[1]}-${iso[2]}-${iso[3]}` : null;
}
const phoneDigits = (value: string | undefined) => {
  const digits = (value ?? '').replace(/\D/g, '');
  return digits ? digits : null;
};
const join = (...parts: (string | null)[]) => parts.filter(Boolean).join(', ') || null;

function censusRow(cells: Cells): CensusRow | null {
  const dotNumber = dotOf(cells.DOT_NUMBER);
  const legalName = clean(cells.LEGAL_NAME);
  if (dotNumber === null || !legalName) return null;
  const prefix = clean(cells.DOCKET1PREFIX)?.toUpperCase();
  const docket = cells.DOCKET1 ? docketOf(`${prefix ?? 'MC'}${cells.DOCKET1}`) : null;
  return {
    dotNumber,
    legalName,
    dbaName: clean(cells.DBA_NAME),
    address: join(
      clean(cells.PHY_STREET),
      clean(cells.PHY_CITY),
      [clean(cells.PHY_STATE), clean(cells.PHY_ZIP)].filter(Boolean).join(' ') || null,
    ),
    phone: phoneDigits(cells.TELEPHONE ?? cells.PHONE),
    email: clean(cells.EMAIL_ADDRESS)?.toLowerCase() ?? null,
    mcNumber: docket?.startsWith('MC') ? docket.slice(2) : null,
  };
}

function authorityRow(cells: Cells): AuthorityRow | null {
  const docket = docketOf(cells.DOCKET_NUMBER);
  if (!docket) return null;
  return {
    docket,
    dotNumber: dotOf(cells.DOT_NUMBER),
    legalName: clean(cells.LEGAL_NAME),
    dbaName: clean(cells.DBA_NAME),
    common: status(cells.COMMON_STAT),
    contract: status(cells.CONTRACT_STAT),
    broker: status(cells.BROKER_STAT),
    bipdRequired: thousands(cells.MIN_COV_AMOUNT ?? cells.BIPD_REQ),
    bipdOnFile: thousands(cells.BIPD_FILE),
    cargoRequired: yesNo(cells.CARGO_REQ),
    cargoOnFile: yesNo(cells.CARGO_FILE),
    bondRequired: yesNo(cells.BOND_REQ),
    bondOnFile: yesNo(cells.BOND_FILE),
  };
}

function filingRow(cells: Cells): FilingRow | null {
  const docket = docketOf(cells.DOCKET_NUMBER);
  const effectiveOn = fileDate(cells.EFFECTIVE_DATE);
  const form = clean(cells.INS_FORM_CODE)
    ?.toUpperCase()
    .replace(/^BMC[\s-]*/, '');
  if (!docket || !effectiveOn || !form) return null;
  return {
    docket,
    dotNumber: dotOf(cells.DOT_NUMBER),
    form: `BMC-${form}`,
    kind: clean(cells.INS_TYPE_DESC) ?? '',
    insurer: clean(cells.NAME_COMPANY) ?? '',
    policy: clean(cells.POLICY_NO) ?? '',
    coverage: thousands(cells.MAX_COV_AMOUNT),
    effectiveOn,
    cancelOn: fileDate(cells.CANCL_EFFECTIVE_DATE),
  };
}

export type Layout =
  | { kind: 'census'; row: (cells: Cells) => CensusRow | null }
  | { kind: 'carrier'; row: (cells: Cells) => AuthorityRow | null }
  | { kind: 'insurance'; row: (cells: Cells) => FilingRow | null };

/** The columns that say which file a header is: every one must be there. */
const SIGNATURES: { kind: FmcsaFileKind; columns: string[]; layout: Layout }[] = [
  {
    kind: 'insurance',
    columns: ['DOCKET_NUMBER', 'INS_FORM_CODE', 'EFFECTIVE_DATE'],
    layout: { kind: 'insurance', row: filingRow },
  },
  { kind: 'carrier', columns: ['DOCKET_NUMBER', 'BROKER_STAT'], layout: { kind: 'carrier', row: authorityRow } },
  { kind: 'census', columns: ['DOT_NUMBER', 'LEGAL_NAME'], layout: { kind: 'census', row: censusRow } },
];

/** Header names as the rows are keyed: trimmed, upper case, a byte-order mark dropped. */
export const headerName = (name: string) =>
  name
    .replace(/^\uFEFF/, '')
    .trim()
    .toUpperCase();

export function layoutOf(header: readonly string[]): Layout {
  const names = new Set(header.map(headerName));
  const found = SIGNATURES.find((signature) => signature.columns.every((column) => names.has(column)));
  if (!found)
    throw new FileProblem(
      'This is not one of the FMCSA files Haulboard reads: a census file has the columns DOT_NUMBER and LEGAL_NAME, ' +
        'a licensing carrier file DOCKET_NUMBER and BROKER_STAT, an insurance file DOCKET_NUMBER, INS_FORM_CODE and EFFECTIVE_DATE',
    );
  return found.layout;
}
