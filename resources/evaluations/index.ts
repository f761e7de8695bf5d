import { REPORT_ADDRESSES } from '../../schema/reportAddresses';
import { evaluations } from '../../schema/resources/evaluations';
import { lazyScreen, recordScreens } from '../../ui/records/recordResource';
import { reportScreens } from '../reports';

/**
 * The evaluation report (/app/reports/evaluation-report) and, under it, the evaluations it is made of
 * (/app/reports/evaluation-report/evaluations): the report is the feature's screen and its sidebar entry; the list is
 * where a row of the report drills to, and both enter an evaluation in the same dialog.
 */
export default [
  reportScreens(
    REPORT_ADDRESSES.evaluations,
    lazyScreen(() => import('./EvaluationReportPage')),
  ),
  recordScreens(evaluations, {
    list: lazyScreen(() => import('./EvaluationList')),
    edit: lazyScreen(() => import('./EvaluationEdit')),
    create: null,
  }),
];
