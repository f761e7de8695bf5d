import './messages';
import BarChartIcon from '@mui/icons-material/BarChart';
import { FormControlLabel, Switch } from '@mui/material';
import { type RaRecord, useStore, useTranslate } from 'ra-core';
import { Suspense, lazy, useCallback } from 'react';
import type { ClaimDto } from '../../schema/resources/claims';
import { usDate } from '../../ui/format';
import DefinitionList from '../../ui/records/DefinitionList';
import { usePhone } from '../../ui/usePhone';
import { ChartsLoading } from './ChartFrame';
import { ClaimPanel } from './ClaimPanel';
import { DeadlineChip } from './DeadlineChip';
import { useSelectedClaim } from './selection';

// recharts is big: it loads with the charts, after the list, never in the shell's first download.
const ClaimCharts = lazy(() => import('./ClaimCharts'));

/** Whether the charts are shown above the list (kept per browser; some only want the list). */
function useShowCharts() {
  // On a phone the charts would push the claims below the fold: there they start hidden.
  return useStore('claims.charts', !usePhone());
}

function ChartsToggle() {
  const translate = useTranslate();
  const [show, setShow] = useShowCharts();
  return (
    <FormControlLabel
      control={<Switch size="small" checked={show} onChange={(event) => setShow(event.target.checked)} />}
      label={
        <>
          <BarChartIcon fontSize="small" sx={{ verticalAlign: 'middle', mr: 0.5 }} />
          {translate('haulboard.claims.charts.show')}
        </>
      }
      sx={{ mx: 0 }}
    />
  );
}

/**
 * The claims tracker (docs/product/claims.md): the filtered list (status, type, priority, driver, assignee, claim
 * number, received period, search), overdue and due-soon claims marked, the two charts above it; a click on a claim
 * chooses it and opens its panel.
 */
export default function ClaimList() {
  const { selected, choose } = useSelectedClaim();
  const [showCharts] = useShowCharts();
  // Steady between renders, so the table's rows draw again only when the chosen claim changes (ui/records/RecordList).
  const { claimId, open } = selected;
  const rowSx = useCallback(
    (record: RaRecord) => (record.id === claimId && open ? { backgroundColor: 'action.selected' } : {}),
    [claimId, open],
  );
  const onSelect = useCallback((record: RaRecord) => choose(record as unknown as ClaimDto), [choose]);
  return (
    <>
      <DefinitionList
        columns={[
          'claimNumber',
          'receivedOn',
          'status',
          'deadlineState',
          'claimantCompany',
          'type',
          'priority',
          'bookOrderId',
          'vins',
          'driverId',
          'assigneeId',
          'claimed',
          'stepsDone',
          'decideBy',
          'nextDeadline',
          'paid',
          'chargedBackToDriver',
        ]}
        render={{
          deadlineState: (row) => <DeadlineChip claim={row as unknown as ClaimDto} />,
          stepsDone: (row) => `${row.stepsDone} / ${row.stepsTotal}`,
          vins: (row) => (row.vins as string[]).join(', '),
          nextDeadline: (row) => usDate(row.nextDeadline as string | null),
        }}
        header={
          showCharts ? (
            <Suspense fallback={<ChartsLoading />}>
              <ClaimCharts />
            </Suspense>
          ) : null
        }
        onSelect={onSelect}
        rowSx={rowSx}
        actions={<ChartsToggle />}
      />
      <ClaimPanel />
    </>
  );
}
