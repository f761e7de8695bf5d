import HistoryIcon from '@mui/icons-material/History';
import SwapIcon from '@mui/icons-material/SwapHoriz';
import { Box, Button } from '@mui/material';
import { DataTable } from 'react-admin';
import { useResourceContext, useTranslate } from 'ra-core';
import { type ReactElement, type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ZodType } from 'zod';
import type { QuickFilter } from '../records/FilterSidebar';
import { RecordList } from '../records/RecordList';
import { useCanAccessFeature } from '../useCanAccessFeature';
import { AssignDialog } from './AssignDialog';
import { AssignmentHistory, type AssignmentHistoryProps, type HistoryRow } from './AssignmentHistory';
import { HISTORY_PARAM } from './historyLink';

/** A row of the current picture: one per driver (id = driverId). */
export interface BoardRow {
  id: number;
  driverName: string;
}
type Driver = { id: number; name: string };

export interface AssignmentBoardProps<R extends BoardRow, H extends HistoryRow> {
  title: string;
  exportName: string;
  filters?: ReactElement[];
  quickFilters?: QuickFilter[];
  actions?: ReactNode;
  history: Omit<AssignmentHistoryProps<H>, 'driver' | 'onClose'>;
  assign: {
    path: string;
    schema: ZodType;
    /** The dialog's starting values for a row (the driver, what they hold now). */
    defaults: (row: R) => Record<string, unknown>;
    /** The dialog's choices, with what the driver has now as their help. */
    inputs: (row: R) => ReactNode;
    /** The button's words: "Reassign" or "Assign". */
    label: string;
  };
  /** The columns of the current picture. */
  children: ReactNode;
}

/**
 * An assignment screen: the current picture (one row per driver), each driver's dated history in a drawer, and
 * reassignment in one action through a dialog. ?history={driverId} opens a history directly (links from a driver).
 */
export function AssignmentBoard<R extends BoardRow, H extends HistoryRow>({
  title,
  exportName,
  filters,
  quickFilters,
  actions,
  history,
  assign,
  children,
}: AssignmentBoardProps<R, H>) {
  const translate = useTranslate();
  const resource = useResourceContext() ?? '';
  const canAssign = useCanAccessFeature(resource, 'Create');
  const canEnd = useCanAccessFeature(resource, 'Update');
  const [params, setParams] = useSearchParams();
  const [named, setNamed] = useState<Driver | null>(null);
  const [assigning, setAssigning] = useState<R | null>(null);
  const historyId = Number(params.get(HISTORY_PARAM)) || null;
  const shown: Driver | null = historyId ? (named?.id === historyId ? named : { id: historyId, name: '' }) : null;

  const openHistory = (row: R) => {
    setNamed({ id: row.id, name: row.driverName });
    setParams((current) => {
      current.set(HISTORY_PARAM, String(row.id));
      return current;
    });
  };
  const closeHistory = () =>
    setParams((current) => {
      current.delete(HISTORY_PARAM);
      return current;
    });

  return (
    <>
      <RecordList
        title={title}
        search="haulboard.assignments.search"
        filters={filters}
        quickFilters={quickFilters}
        sort={{ field: 'driverName', order: 'ASC' }}
        exportName={exportName}
        softDelete={false}
        rowClick={false}
        actions={actions}
      >
        {children}
        <DataTable.Col
          source="actions"
          label="haulboard.records.actions"
          disableSort
          render={(row: R) => (
            <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
              <Button
                size="small"
                startIcon={<HistoryIcon />}
                onClick={() => openHistory(row)}
                aria-label={`${translate('haulboard.assignments.history')}: ${row.driverName}`}
              >
                {translate('haulboard.assignments.history')}
              </Button>
              {canAssign && (
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<SwapIcon />}
                  onClick={() => setAssigning(row)}
                  aria-label={`${translate(assign.label)}: ${row.driverName}`}
                >
                  {translate(assign.label)}
                </Button>
              )}
            </Box>
          )}
        />
      </RecordList>
      <AssignmentHistory<H>
        {...history}
        endPath={canEnd ? history.endPath : undefined}
        driver={shown}
        onClose={closeHistory}
      />
      {assigning && (
        <AssignDialog
          open
          onClose={() => setAssigning(null)}
          driverName={assigning.driverName}
          path={assign.path}
          schema={assign.schema}
          defaults={assign.defaults(assigning)}
        >
          {assign.inputs(assigning)}
        </AssignDialog>
      )}
    </>
  );
}
