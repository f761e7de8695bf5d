import { apiFetch, apiUpload, unwrap } from '../../dataProvider/http';
import {
  type FuelImportDto,
  type FuelImportRowDto,
  type FuelPreviewDto,
  IFTA_API,
  IFTA_ROUTE,
  type IftaQuarterSummaryDto,
  type IftaRateDto,
  type IftaRatesPreviewDto,
  type IftaReturnDto,
} from '../../schema/ifta';
import { registerRecordResource } from '../../ui/records/definitions';

/** IFTA at /app/finances/ifta (schema/ifta.ts): one screen, its calls here. */
export const iftaResource = registerRecordResource({
  name: IFTA_ROUTE.replace(/^\/app\//, ''),
  api: IFTA_API,
  endpoints: { export: undefined, restore: undefined },
});

const quarterApi = (quarter: string) => `${IFTA_API}/quarters/${quarter}`;

export const fetchReturn = async (quarter: string) => unwrap<IftaReturnDto>(await apiFetch(quarterApi(quarter)));
export const fetchQuarters = async () => unwrap<IftaQuarterSummaryDto[]>(await apiFetch(`${IFTA_API}/quarters`));
export const fetchFuelImports = async () => unwrap<FuelImportRowDto[]>(await apiFetch(`${IFTA_API}/fuel/imports`));

export const saveRates = async (quarter: string, version: number, rates: IftaRateDto[]) =>
  unwrap<IftaReturnDto>(await apiFetch(`${quarterApi(quarter)}/rates`, { method: 'PUT', body: { version, rates } }));

export const closeQuarter = async (quarter: string, version: number) =>
  unwrap<IftaReturnDto>(await apiFetch(`${quarterApi(quarter)}/close`, { method: 'POST', body: { version } }));

const csv = { contentType: 'text/csv' };
export const previewRates = async (quarter: string, file: File) =>
  unwrap<IftaRatesPreviewDto>(await apiUpload(`${quarterApi(quarter)}/rates/preview`, file, csv));
export const previewFuel = async (file: File) =>
  unwrap<FuelPreviewDto>(await apiUpload(`${IFTA_API}/fuel/preview`, file, csv));
export const importFuel = async (file: File) =>
  unwrap<FuelImportDto>(await apiUpload(`${IFTA_API}/fuel/import`, file, { ...csv, query: { fileName: file.name } }));
