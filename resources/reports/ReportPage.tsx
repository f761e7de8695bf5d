import { useResourceContext } from 'ra-core';
import { REPORT_LIST } from '../../schema/reports';
import { ReportScreen } from '../../ui/reports/ReportScreen';
import { reportLink } from './links';

/** A report on its own screen (the one its route names): the frame, with the book orders behind each count, or the record behind a row, a click away. */
export default function ReportPage() {
  const route = `/app/${useResourceContext()}`;
  const report = REPORT_LIST.find((one) => one.route === route)!;
  return <ReportScreen report={report} linkOf={reportLink} />;
}
