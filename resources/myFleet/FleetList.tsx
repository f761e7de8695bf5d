import { Box, Skeleton, Typography } from '@mui/material';
import { DataTable, FilterForm, ListBase, Pagination } from 'react-admin';
import { useListContext, useTranslate } from 'ra-core';
import type { ReactNode } from 'react';
import type { FleetTab } from '../../schema/fleetOwner';
import { LoadProblem } from '../../ui/LoadProblem';
import { CardList } from '../../ui/records/CardList';
import { SearchFilter } from '../../ui/records/SearchFilter';
import { usePhone } from '../../ui/usePhone';
import { FLEET_LIST_RESOURCES } from './api';

// Wide enough for its placeholder (the whole width on a phone), and 44 px tall and wide targets to tap.
const SEARCH = { width: { xs: '100%', sm: 440 }, '& .MuiInputBase-root': { minHeight: 44 } };
const PAGER = { '& .MuiIconButton-root': { minWidth: 44, minHeight: 44 } };

/** While the first page loads: lines where the rows will be, never an empty body under the pager. */
function Rows({ tab, children }: { tab: FleetTab; children: ReactNode }) {
  const translate = useTranslate();
  const phone = usePhone();
  const { isPending, error } = useListContext();
  if (error) return <LoadProblem />;
  if (isPending)
    return (
      <Box aria-busy="true" sx={{ display: 'grid', gap: 1, py: 1 }}>
        {[0, 1, 2, 3, 4].map((n) => (
          <Skeleton key={n} variant="rounded" height={phone ? 96 : 36} />
        ))}
      </Box>
    );
  const empty = (
    <Typography sx={{ py: 3, px: 1 }} color="text.secondary">
      {translate(`haulboard.my_fleet.empty.${tab}`)}
    </Typography>
  );
  return phone ? (
    <CardList rowClick={false} empty={empty}>
      {children}
    </CardList>
  ) : (
    <Box sx={{ overflowX: 'auto' }}>
      <DataTable rowClick={false} bulkActionButtons={false} empty={empty}>
        {children}
      </DataTable>
    </Box>
  );
}

/**
 * One read-only list of the fleet owner's carrier (a tab of My Fleet): the search box, the rows as a table or, on a
 * phone, as cards, and the pager. The server keeps the order and the carrier's limits.
 */
export function FleetList({ tab, children }: { tab: FleetTab; children: ReactNode }) {
  return (
    <ListBase resource={FLEET_LIST_RESOURCES[tab].name} perPage={25} disableSyncWithLocation>
      <FilterForm
        filters={[
          <SearchFilter
            key="search"
            source="search"
            placeholder={`haulboard.my_fleet.search.${tab}`}
            alwaysOn
            sx={SEARCH}
          />,
        ]}
      />
      <Rows tab={tab}>{children}</Rows>
      <Pagination rowsPerPageOptions={[25, 50, 100]} sx={PAGER} />
    </ListBase>
  );
}
