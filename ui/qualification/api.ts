import { apiDownload } from '../../dataProvider/download';
import { apiFetch, unwrap } from '../../dataProvider/http';
import {
  QUALIFICATION_API,
  type QualificationFileDto,
  type QualificationRecordBody,
  type QualificationRowDto,
  type QualificationState,
  qualificationFileName,
} from '../../schema/qualification';
import { localToday } from '../assignments/dates';

/** The calls of the qualification file (server/modules/qualification/routes.ts), shared by its screens and the driver's page. */
export const QUALIFICATION_ROUTE = '/app/reports/driver-qualification';
/** A driver's file: 'mine' for the driver's own. */
export type FileOf = number | 'mine';

export const fileQueryKey = (of: FileOf) => ['qualification', of] as const;
export const fetchFile = async (of: FileOf) =>
  unwrap<QualificationFileDto>(await apiFetch(`${QUALIFICATION_API}/${of}`));

export const fetchFleet = async (state: QualificationState | '', search: string) =>
  unwrap<{ items: QualificationRowDto[]; totalCount: number; clearinghouseRequired: boolean }>(
    await apiFetch(QUALIFICATION_API, { query: { ...(state ? { state } : {}), ...(search ? { search } : {}) } }),
  );

export const saveRecord = async (driverId: number, body: QualificationRecordBody) =>
  unwrap<{ id: number; file: QualificationFileDto }>(
    await apiFetch(`${QUALIFICATION_API}/${driverId}/records`, { method: 'POST', body }),
  );

export const deleteRecord = async (id: number) =>
  unwrap(await apiFetch(`${QUALIFICATION_API}/records/${id}`, { method: 'DELETE' }));

export const downloadFile = (of: FileOf, driverName: string) =>
  apiDownload(`${QUALIFICATION_API}/${of}/file`, qualificationFileName(driverName, localToday()));

export const saveSettings = async (clearinghouseRequired: boolean) =>
  unwrap(await apiFetch(`${QUALIFICATION_API}/settings`, { method: 'PUT', body: { clearinghouseRequired } }));
