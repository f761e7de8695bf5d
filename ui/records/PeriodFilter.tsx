import { Box } from '@mui/material';
import { ListContext } from 'ra-core';
import { useContext } from 'react';
import { DateInput, SelectInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { PERIODS } from '../../schema/period';
import { usePhone } from '../usePhone';
import { keyedChoices } from './choices';

// "All dates" is the select's empty entry (its value 'all'), so it is listed once.
const periodChoices = keyedChoices(
  'haulboard.periods',
  PERIODS.filter((period) => period !== 'all'),
);

/**
 * The shared period filter (schema/period.ts): one select whose last-but-one choice, "Custom dates", opens its From
 * and To beside it. React-admin's filter bar passes `alwaysOn` and `source` ('filtered', the API's name).
 */
export function PeriodFilter({
  source = 'filtered',
  label = 'haulboard.periods.label',
  size: barSize,
}: {
  source?: string;
  label?: string;
  alwaysOn?: boolean;
  /** The filter bar's size ('small', passed by react-admin's filter form), so the select lines up with its fields. */
  size?: 'small' | 'medium';
}) {
  const period = useWatch({ name: source }) as string | undefined;
  // A phone stacks the filters, and a small select (40 px) would be under the 44 px a finger needs.
  const size = usePhone() ? undefined : barSize;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <SelectInput
        source={source}
        label={label}
        choices={periodChoices}
        emptyText="haulboard.periods.all"
        emptyValue="all"
        helperText={false}
        size={size}
        // No dense bottom margin: the search box and pickers beside it have none, and the bar lines up their bottoms.
        margin="none"
        sx={{ minWidth: 150, mt: 1 }}
      />
      {period === 'custom' && <CustomDates size={size} />}
    </Box>
  );
}

/**
 * From and To appear once the period is custom, after the filter form has taken the list's filter: they start from
 * the list's own dates (a link to a custom period, a reload), or they would show empty over a filtered list.
 */
function CustomDates({ size }: { size?: 'small' | 'medium' }) {
  const filterValues = useContext(ListContext)?.filterValues as { from?: string; to?: string } | undefined;
  return (
    <>
      {(['from', 'to'] as const).map((end) => (
        <DateInput
          key={end}
          source={end}
          label={`haulboard.periods.${end}`}
          helperText={false}
          size={size}
          defaultValue={filterValues?.[end]}
        />
      ))}
    </>
  );
}
