import { Box } from '@mui/material';
import { ListContext } from 'ra-core';
import { useContext } from 'react';
import { DateInput, SelectInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { PERIODS } from '../../schema/period';
import { keyedChoices } from './choices';

// "All dates" is the select's empty entry (its value 'all'), so it is listed once.
const periodChoices = keyedChoices('haulboard.periods', PERIODS.filter((period) => period !== 'all'));

/**
 * The shared period filter (schema/period.ts): one select whose last-but-one choice, "Custom dates", opens its From
 * and To beside it. React-admin's filter bar passes `alwaysOn` and `source` ('filtered', the API's name).
 */
export function PeriodFilter({ source = 'filtered', label = 'haulboard.periods.label' }: { source?: string; label?: string; alwaysOn?: boolean }) {
  const period = useWatch({ name: source }) as string | undefined;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <SelectInput source={source} label={label} choices={periodChoices} emptyText="haulboard.periods.all" emptyValue="all" helperText={false} sx={{ minWidth: 150 }} />
      {period === 'custom' && <CustomDates />}
    </Box>
  );
}

/**
 * From and To appear once the period is custom, after the filter form has taken the list's filter: they start from
 * the list's own dates (a link to a custom period, a reload), or they would show empty over a filtered list.
 */
function CustomDates() {
  const filterValues = useContext(ListContext)?.filterValues as { from?: string; to?: string } | undefined;
  return (
    <>
      <DateInput source="from" label="haulboard.periods.from" helperText={false} defaultValue={filterValues?.from} />
      <DateInput source="to" label="haulboard.periods.to" helperText={false} defaultValue={filterValues?.to} />
    </>
  );
}
