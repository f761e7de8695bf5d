import { Box, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { Form, useTranslate } from 'ra-core';
import { useEffect } from 'react';
import { DateInput, SelectInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { REPORT_PERIOD_LABELS, type ReportDefinition, type ReportGrouping, periodsOf } from '../../schema/reports';
import { CARRIER_PICKER_SCREENS, DISPATCHER_PICKER_SCREENS } from '../../schema/dropdowns';
import type { FeatureKey } from '../../schema/features';
import { CarrierInput, DispatcherInput, DriverInput } from '../records/pickers';
import { useHoldsAnyFeature } from '../useCanAccessFeature';
import type { ReportParams } from './params';

const PICKERS = { dispatcherId: DispatcherInput, driverId: DriverInput, carrierId: CarrierInput } as const;
/**
 * Who may read each picker's list (schema/dropdowns.ts); a picker is offered to them alone. Drivers' names answer
 * everyone a report offers them to (a driver gets their own name).
 */
const READERS: Partial<Record<keyof typeof PICKERS, readonly FeatureKey[]>> = {
  dispatcherId: DISPATCHER_PICKER_SCREENS,
  carrierId: CARRIER_PICKER_SCREENS,
};

/** A report's picker, shown only to who may read its list: a filter must not ask the server what the user may not read. */
function ReportPicker({ name }: { name: keyof typeof PICKERS }) {
  const readers = READERS[name];
  const allowed = useHoldsAnyFeature(readers ?? [], 'Read');
  if (readers && !allowed) return null;
  const Picker = PICKERS[name];
  return <Picker source={name} label={LABELS[name]} helperText={false} sx={{ minWidth: 220 }} />;
}
const LABELS = {
  dispatcherId: 'haulboard.reports.dispatcher',
  driverId: 'haulboard.reports.driver',
  carrierId: 'haulboard.reports.carrier',
} as const;

/** Tells the report what the inputs now say (each change is a new question, kept in the address). */
function Follow({ params, onChange }: { params: ReportParams; onChange: (next: ReportParams) => void }) {
  const values = useWatch() as Partial<ReportParams>;
  useEffect(() => {
    const next: ReportParams = {
      ...params,
      filtered: values.filtered ?? params.filtered,
      from: values.from || undefined,
      to: values.to || undefined,
      dispatcherId: values.dispatcherId ?? undefined,
      driverId: values.driverId ?? undefined,
      carrierId: values.carrierId ?? undefined,
      // Another question starts at its first page.
      page: undefined,
    };
    if (JSON.stringify(next) !== JSON.stringify(params)) onChange(next);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the inputs' values drive it, not the params it writes
  }, [values.filtered, values.from, values.to, values.dispatcherId, values.driverId, values.carrierId]);
  return null;
}

function CustomDates() {
  const filtered = useWatch({ name: 'filtered' });
  if (filtered !== 'custom') return null;
  return (
    <>
      <DateInput source="from" label="haulboard.reports.from" helperText={false} />
      <DateInput source="to" label="haulboard.reports.to" helperText={false} />
    </>
  );
}

/**
 * The filters every report has: its period (custom dates when chosen), the people and carriers it offers, and its
 * grouping. `hide` leaves out a filter the user has no choice in (a driver's own report).
 */
export function ReportFilters({
  report,
  params,
  onChange,
  hide = [],
}: {
  report: ReportDefinition;
  params: ReportParams;
  onChange: (next: ReportParams) => void;
  hide?: readonly string[];
}) {
  const translate = useTranslate();
  const periods = periodsOf(report).map((id) => ({
    id,
    name: translate(`haulboard.reports.periods.${id}`, { _: REPORT_PERIOD_LABELS[id] }),
  }));
  return (
    <Box
      data-print="hide"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        alignItems: 'center',
        '& .MuiFormControl-root': { m: 0, minWidth: 180 },
      }}
    >
      <Form defaultValues={params} record={params}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <SelectInput source="filtered" label="haulboard.reports.period" choices={periods} helperText={false} />
          <CustomDates />
          {report.filters
            .filter((key) => !hide.includes(key))
            .map((key) => (
              <ReportPicker key={key} name={key} />
            ))}
          <Follow params={params} onChange={onChange} />
        </Box>
      </Form>
      {report.groupings && report.groupings.length > 1 && (
        <ToggleButtonGroup
          size="small"
          exclusive
          value={params.groupBy}
          aria-label={translate('haulboard.reports.group_by')}
          onChange={(_event, value: ReportGrouping | null) =>
            value && onChange({ ...params, groupBy: value, page: undefined })
          }
        >
          {report.groupings.map((grouping) => (
            <ToggleButton key={grouping} value={grouping}>
              {translate(`haulboard.reports.groupings.${grouping}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
    </Box>
  );
}
