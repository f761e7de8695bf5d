import { plainMoney, usDate } from '../../../schema/format';
import type {
  ReportAnswer,
  ReportColumn,
  ReportDefinition,
  ReportGrouping,
  ReportValue,
} from '../../../schema/reports';
import { type CsvColumn, csvStream } from '../../http/csv';
import { columnsFor } from './frame';

/**
 * A report's rows as CSV (the shared writer: quoting, formula-safe cells, BOM): the columns that apply to the
 * grouping, headed by their labels; money as plain decimals (1234.56), days and weeks as MM/DD/YYYY, the rest as they
 * are; unknown values empty.
 */
function cell(column: ReportColumn, value: ReportValue | undefined): unknown {
  if (value === null || value === undefined) return '';
  if (column.kind === 'money') return plainMoney(Number(value));
  if (column.kind === 'date' || column.kind === 'week') return usDate(String(value));
  return value;
}

export function reportCsv(
  report: ReportDefinition,
  grouping: ReportGrouping,
  answer: ReportAnswer,
): AsyncGenerator<string> {
  const columns: CsvColumn<ReportAnswer['rows'][number]>[] = columnsFor(report, grouping).map((column) => [
    column.label,
    (row) => cell(column, row[column.key]),
  ]);
  return csvStream(
    columns,
    (async function* () {
      yield answer.rows;
    })(),
  );
}

/** The download's name: the report's and its days, e.g. weekly-report-2026-09-01-to-2026-11-29.csv. */
export const reportFileName = (report: ReportDefinition, answer: Pick<ReportAnswer, 'from' | 'to'>) =>
  `${report.name}-${answer.from}-to-${answer.to}.csv`;
