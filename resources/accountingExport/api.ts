import { apiFetch, unwrap } from '../../dataProvider/http';
import {
  ACCOUNTING_EXPORT_ROUTE,
  type AccountingExportBody,
  type AccountingExportDto,
  type AccountingExportResult,
} from '../../schema/accountingExport';
import { registerRecordResource } from '../../ui/records/definitions';

/** The accounting export at /app/finances/accounting-export (schema/accountingExport.ts): one screen. */
export const accountingExportResource = registerRecordResource({
  name: ACCOUNTING_EXPORT_ROUTE.replace(/^\/app\//, ''),
  api: '/api/AccountingExports',
  endpoints: { export: undefined, restore: undefined },
});

export const EXPORTS_API = '/api/AccountingExports';
export const HISTORY_SIZE = 20;

export const fetchHistory = async (pageNumber: number) =>
  unwrap<{ items: AccountingExportDto[]; totalCount: number }>(
    await apiFetch(EXPORTS_API, { query: { page: pageNumber, size: HISTORY_SIZE } }),
  );

export const makeExport = async (body: AccountingExportBody) =>
  unwrap<AccountingExportResult>(await apiFetch(EXPORTS_API, { method: 'POST', body }));
