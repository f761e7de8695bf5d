import './messages';
import ListIcon from '@mui/icons-material/FormatListBulleted';
import { Button } from '@mui/material';
import { ResourceContextProvider, useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import { REPORTS } from '../../schema/reports';
import { evaluations } from '../../schema/resources/evaluations';
import { localToday } from '../../ui/assignments/dates';
import { CreateDialog } from '../../ui/records/CreateDialog';
import { useReportParams } from '../../ui/reports/params';
import { ReportScreen } from '../../ui/reports/ReportScreen';
import { useCanAccessFeature } from '../../ui/useCanAccessFeature';
import { EVALUATION_INPUTS } from './EvaluationInputs';
import { evaluationsLink, evaluationsPath } from './links';

const REPORT = REPORTS.evaluations;

/**
 * The evaluation report: the report frame per driver or per dispatcher, each name opening that person's evaluations
 * of the period; beside CSV and print, the list of every evaluation and "Evaluate…", which enters one in a dialog over
 * the report (the report reads again once it is saved). The dispatcher view has no driver filter: a dispatcher's
 * evaluation is not about a driver.
 */
export default function EvaluationReportPage() {
  const translate = useTranslate();
  const [params] = useReportParams(REPORT);
  const canEvaluate = useCanAccessFeature(evaluations.name, 'Create');
  const dispatchers = params.groupBy === 'dispatcher';
  // Who the report is narrowed to is who the form starts with.
  const person = dispatchers
    ? { subject: 'DISPATCHER', dispatcherId: params.dispatcherId }
    : { subject: 'DRIVER', driverId: params.driverId };
  return (
    <ReportScreen
      report={REPORT}
      linkOf={evaluationsLink}
      hideFilters={dispatchers ? ['driverId'] : []}
      fixed={dispatchers ? { driverId: undefined } : undefined}
      actions={
        <>
          <Button size="small" component={RouterLink} to={evaluationsPath()} startIcon={<ListIcon />}>
            {translate('haulboard.evaluations.all')}
          </Button>
          {canEvaluate && (
            <ResourceContextProvider value={evaluations.name}>
              <CreateDialog
                label="haulboard.evaluations.evaluate"
                inputs={EVALUATION_INPUTS}
                defaultValues={{ evaluatedOn: localToday(), ...person }}
              />
            </ResourceContextProvider>
          )}
        </>
      }
    />
  );
}
