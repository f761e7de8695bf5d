import './messages';
import RuleIcon from '@mui/icons-material/Rule';
import { Alert, Box, Button } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import { FEATURES } from '../../schema/features';
import { REPORTS, type ReportDefinition } from '../../schema/reports';
import { EVERY_DISPATCHERS_PAY, dispatcherPayRules } from '../../schema/resources/dispatcherPayRules';
import { ReportScreen } from '../../ui/reports/ReportScreen';
import { useHoldsFeature } from '../../ui/useCanAccessFeature';
import { reportLink } from '../reports/links';

const EVERY_DISPATCHERS_URIS: readonly string[] = FEATURES.filter((feature) =>
  EVERY_DISPATCHERS_PAY.includes(feature.key),
).map((feature) => feature.uri);
const DRIVER_REPORT = FEATURES.find((feature) => feature.key === 'DriverReport')!.uri;
const report = REPORTS.dispatcherSalary;
/** A driver's view: the server sends them no pay or rule, so neither is a column, and the chart counts their loads. */
const DRIVERS_VIEW: ReportDefinition = {
  ...report,
  columns: report.columns.filter((column) => !['rule', 'pay', 'base'].includes(column.key)),
  chart: { kind: 'bar', x: 'name', series: ['loads'], title: 'Your loads per dispatcher' },
};

/**
 * The dispatcher salary report. Who sees every dispatcher's pay picks a dispatcher and opens the pay rules; anyone else
 * reads their own rows (the server's scope), so the screen offers no dispatcher to pick and says whose rows they are;
 * a driver (who reads the driver report: their own) sees their loads per dispatcher without the pay columns.
 */
export default function DispatcherSalary() {
  const translate = useTranslate();
  // A fixed list: the same hooks on every render.
  // eslint-disable-next-line react-hooks/rules-of-hooks
  const seesEveryone = EVERY_DISPATCHERS_URIS.map((uri) => useHoldsFeature(uri, 'Read')).some(Boolean);
  const driver = useHoldsFeature(DRIVER_REPORT, 'Read') && !seesEveryone;
  return (
    <ReportScreen
      report={driver ? DRIVERS_VIEW : report}
      linkOf={reportLink}
      hideFilters={seesEveryone ? [] : ['dispatcherId']}
      before={
        seesEveryone ? (
          <Box data-print="hide">
            <Button
              component={RouterLink}
              to={dispatcherPayRules.route}
              size="small"
              variant="outlined"
              startIcon={<RuleIcon />}
            >
              {translate('haulboard.dispatcher_salary.pay_rules')}
            </Button>
          </Box>
        ) : (
          <Alert severity="info" data-print="hide">
            {translate(driver ? 'haulboard.dispatcher_salary.own_loads' : 'haulboard.dispatcher_salary.own_pay')}
          </Alert>
        )
      }
    />
  );
}
