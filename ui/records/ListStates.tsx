import { Alert, Box, Button, CardContent, Skeleton, Typography } from '@mui/material';
import { useGetResourceLabel, useListContext, useResourceContext, useResourceDefinition, useTranslate } from 'ra-core';
import { CreateButton } from 'react-admin';
import { type ApiErrorBody } from '../../dataProvider/http';
import { LoadProblem } from '../LoadProblem';
import { useCanAccessFeature } from '../useCanAccessFeature';

/**
 * What a list shows while its page is on the way: grey bars where the rows will be, at once (react-admin's own
 * placeholder waits a second and shows nothing meanwhile), announced to screen readers as loading.
 */
export function ListSkeleton({ rows = 6 }: { rows?: number }) {
  const translate = useTranslate();
  return (
    <Box role="status" aria-busy="true" aria-label={translate('haulboard.records.loading')} sx={{ p: 2 }}>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={32} sx={{ mb: 1, opacity: 1 - index * 0.12 }} />
      ))}
    </Box>
  );
}

/** A filter value that narrows nothing (a cleared box, an unticked switch). */
const isUnset = (value: unknown) =>
  value === undefined || value === null || value === '' || value === false || (Array.isArray(value) && !value.length);

/** The filters the user set beyond the list's own starting values, the period apart. */
export function narrowingFilters(values: Record<string, unknown>, defaults: Record<string, unknown> = {}): string[] {
  return Object.keys(values).filter(
    (key) =>
      !['filtered', 'from', 'to'].includes(key) &&
      !isUnset(values[key]) &&
      JSON.stringify(values[key]) !== JSON.stringify(defaults[key]),
  );
}

/**
 * What an empty list says, telling apart the three reasons: filters the user set match nothing (clear them, back to
 * the list's starting filters); the period holds nothing (show every date); there is nothing yet (create the first,
 * for who may).
 */
export function ListEmpty({
  defaults = {},
  name,
  hint,
}: {
  defaults?: Record<string, unknown>;
  name?: string;
  /** Translation key of what to do to have a first record, when it is made elsewhere too (an invoice from its order). */
  hint?: string;
}) {
  const translate = useTranslate();
  const resource = useResourceContext() ?? '';
  const { filterValues = {}, setFilters } = useListContext();
  const { hasCreate } = useResourceDefinition();
  const canCreate = useCanAccessFeature(resource, 'Create');
  const resourceLabel = useGetResourceLabel();
  const label = (name ?? resourceLabel(resource, 2)).toLowerCase();
  const filtered = narrowingFilters(filterValues, defaults).length > 0;
  const period = filterValues.filtered as string | undefined;
  const [message, action] = filtered
    ? [
        translate('haulboard.records.empty_filtered', { name: label }),
        <Button key="clear" size="small" onClick={() => setFilters({ ...defaults }, [])}>
          {translate('ra.navigation.clear_filters')}
        </Button>,
      ]
    : period && period !== 'all'
      ? [
          translate('haulboard.records.empty_period', { name: label }),
          <Button key="all" size="small" onClick={() => setFilters({ ...filterValues, filtered: 'all' }, [])}>
            {translate('haulboard.records.show_all_dates')}
          </Button>,
        ]
      : [
          hint
            ? translate(hint)
            : translate(hasCreate && canCreate ? 'haulboard.records.empty_create' : 'haulboard.records.empty_none', {
                name: label,
              }),
          hasCreate && canCreate ? ( // Worded apart from the toolbar's Create, which is there too: two links of one name would read as one.
            <CreateButton key="create" variant="contained" label="haulboard.records.create_first" />
          ) : null,
        ];
  return (
    <CardContent sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <Typography variant="body2" role="status">
        {message}
      </Typography>
      {action}
    </CardContent>
  );
}

/** The filters of the address a 400 refused, by the fields it names (dataProvider/http.ts); [] for any other failure. */
function refusedFilters(error: unknown, filterValues: Record<string, unknown>): string[] {
  const { status, body } = (error ?? {}) as { status?: number; body?: ApiErrorBody };
  if (status !== 400) return [];
  const fields = new Set((body?.messages ?? []).map((m) => m.field));
  return [...fields].filter((field): field is string => !!field && field in filterValues);
}

/**
 * What a list that failed to load says. A 400 naming filters of the address (an old bookmark, a hand-edited link)
 * says which, and takes them out (back to the list's own starting value where it has one), keeping the rest, instead
 * of a dead end. Anything else: the list's load-failure words.
 */
export function ListLoadProblem({ defaults = {}, message }: { defaults?: Record<string, unknown>; message?: string }) {
  const translate = useTranslate();
  const { error, filterValues = {}, setFilters } = useListContext();
  const refused = refusedFilters(error, filterValues);
  if (!refused.length) return <LoadProblem message={message} />;
  const withoutRefused = () => {
    const next = { ...filterValues };
    for (const field of refused) {
      if (field in defaults) next[field] = defaults[field];
      else delete next[field];
    }
    setFilters(next, []);
  };
  return (
    <Alert
      severity="warning"
      sx={{ m: 2 }}
      action={
        <Button color="inherit" size="small" onClick={withoutRefused}>
          {translate('haulboard.records.drop_bad_filter', { smart_count: refused.length })}
        </Button>
      }
    >
      {translate('haulboard.records.bad_filter', { smart_count: refused.length, fields: refused.join(', ') })}
    </Alert>
  );
}
