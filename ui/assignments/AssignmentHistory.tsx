import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  Box,
  Chip,
  Drawer,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { usDate } from '../format';
import { apiFetch, unwrap } from '../../dataProvider/http';
import type { ListPage } from '../../schema/records';
import { EndAssignmentButton } from './EndAssignmentButton';

/** What the two histories have in common (DispatcherAssignmentDto, UnitAssignmentDto). */
export interface HistoryRow {
  id: number;
  driverName: string;
  startsOn: string;
  endsOn: string | null;
  current: boolean;
  createdByName: string | null;
  endedByName: string | null;
}

export interface AssignmentHistoryProps<T extends HistoryRow> {
  /** GET …/history (driverId is added). */
  path: string;
  driver: { id: number; name: string } | null;
  onClose: () => void;
  /** The row's "what" (truck, trailer, card), when the history mixes kinds. */
  kind?: (row: T) => string;
  /** Who or what was assigned: the dispatcher's name, the unit number, the masked card. */
  label: (row: T) => string;
  labelHeader: string;
  /** POST …/{id}/end of an open assignment, shown to who may update. */
  endPath?: (id: number) => string;
}

/** A driver's dated history, newest first, in a side drawer: each assignment's days, who made and ended it. */
export function AssignmentHistory<T extends HistoryRow>({
  path,
  driver,
  onClose,
  kind,
  label,
  labelHeader,
  endPath,
}: AssignmentHistoryProps<T>) {
  const translate = useTranslate();
  const { data, error, isPending } = useQuery({
    queryKey: ['assignment-history', path, driver?.id],
    queryFn: async () =>
      unwrap<ListPage<T>>(await apiFetch(path, { query: { driverId: driver!.id, Size: 500 } })).items,
    enabled: !!driver,
  });
  const t = (key: string) => translate(`haulboard.assignments.${key}`);
  return (
    <Drawer
      anchor="right"
      open={!!driver}
      onClose={onClose}
      slotProps={{
        paper: {
          sx: { width: { xs: '100%', md: 640 } },
          role: 'dialog',
          'aria-labelledby': 'assignment-history-title',
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', p: 2 }}>
        <Typography id="assignment-history-title" variant="h6" component="h2">
          {translate('haulboard.assignments.history_title', { name: driver?.name || data?.[0]?.driverName || '' })}
        </Typography>
        <IconButton aria-label={translate('ra.action.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      {error && (
        <Alert severity="error" sx={{ mx: 2 }}>
          {translate('haulboard.app.load_problem')}
        </Alert>
      )}
      {!isPending && !error && !data?.length && (
        <Typography sx={{ px: 2 }} color="text.secondary">
          {t('history_empty')}
        </Typography>
      )}
      {!!data?.length && (
        <Table size="small" aria-labelledby="assignment-history-title">
          <TableHead>
            <TableRow>
              {kind && <TableCell>{t('fields.kind')}</TableCell>}
              <TableCell>{translate(labelHeader)}</TableCell>
              <TableCell>{t('fields.since')}</TableCell>
              <TableCell>{t('fields.until')}</TableCell>
              <TableCell>{t('fields.by')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((row) => (
              <TableRow key={row.id} selected={row.current}>
                {kind && <TableCell>{kind(row)}</TableCell>}
                <TableCell>
                  {label(row)} {row.current && <Chip size="small" color="primary" label={t('current')} />}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{usDate(row.startsOn)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.endsOn ? usDate(row.endsOn) : t('open_ended')}</TableCell>
                <TableCell>{[row.createdByName, row.endedByName].filter(Boolean).join(' / ')}</TableCell>
                <TableCell>
                  {endPath && row.endsOn === null && (
                    <EndAssignmentButton path={endPath(row.id)} what={label(row)} startsOn={row.startsOn} />
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Drawer>
  );
}
