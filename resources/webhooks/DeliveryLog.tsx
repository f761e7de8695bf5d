import './messages';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Box,
  Collapse,
  IconButton,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRecordContext, useTranslate } from 'ra-core';
import { Fragment, useId, useState } from 'react';
import { apiFetch, unwrap } from '../../dataProvider/http';
import { DELIVERY_STATUSES, type WebhookDeliveryDto, type WebhookDto } from '../../schema/webhooks';
import { DeliveryDetails, PHONE_ONLY, ReplayButton, answerText, deliveryTime } from './DeliveryDetails';
import { StatusChip } from '../../ui/records/columns';
import { useApiAction } from '../../ui/records/useApiAction';
import { useCanAccessFeature } from '../../ui/useCanAccessFeature';
import { useEventName } from './EventNames';
import { deliveriesPath, replayPath, webhooksResource } from './api';

const PREFIX = 'haulboard.webhooks.deliveries';
const PAGE_SIZES = [25, 50, 100];
/** Columns a phone leaves out, so that the log fits its width (the details under each row hold them). */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } };
/** On a phone the cells are narrower at their sides: the columns left fit 390 px. */
const CELLS = { '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } };
/** While something waits, the log is read again this often: an attempt shows without a reload. */
const WAITING_REFRESH_MS = 2_000;

/**
 * A subscription's delivery log (newest first, a page at a time, by status): each event with its state, attempts and
 * the receiver's last answer; opened, its body and every attempt; a delivered one replayed by who may update.
 */
export function DeliveryLog() {
  const translate = useTranslate();
  const eventName = useEventName();
  const titleId = useId();
  const hook = useRecordContext<WebhookDto>();
  const canReplay = useCanAccessFeature(webhooksResource.name, 'Update');
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(PAGE_SIZES[0]);
  const [status, setStatus] = useState<'all' | (typeof DELIVERY_STATUSES)[number]>('all');
  const [open, setOpen] = useState<number | null>(null);
  const key = ['webhook-deliveries', hook?.id, hook?.version, page, size, status];
  const log = useQuery({
    queryKey: key,
    enabled: !!hook,
    queryFn: async () =>
      unwrap<{ items: WebhookDeliveryDto[]; totalCount: number }>(
        await apiFetch(`${deliveriesPath(hook!.id)}?page=${page}&size=${size}&status=${status}`),
      ),
    refetchInterval: (query) =>
      query.state.data?.items.some((delivery) => delivery.status === 'PENDING') || hook?.pendingCount
        ? WAITING_REFRESH_MS
        : false,
  });
  const replay = useApiAction(() => void queryClient.invalidateQueries({ queryKey: ['webhook-deliveries'] }));
  if (!hook) return null;
  const items = log.data?.items ?? [];
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ width: '100%', mt: 3 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {translate(`${PREFIX}.title`)}
        </Typography>
        <TextField
          select
          size="small"
          label={translate(`${PREFIX}.show`)}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as typeof status);
            setPage(0);
          }}
          sx={{ minWidth: 180 }}
        >
          {(['all', ...DELIVERY_STATUSES] as const).map((value) => (
            <MenuItem key={value} value={value}>
              {translate(`${PREFIX}.statuses.${value}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {!log.isPending && !items.length ? (
        <Typography color="text.secondary">{translate(`${PREFIX}.empty`)}</Typography>
      ) : (
        // Scrolls within the page: its columns' width never widens the screen (contain: its own size ignores them).
        <Box sx={{ overflowX: 'auto', contain: 'inline-size' }}>
          <Table size="small" aria-labelledby={titleId} sx={CELLS}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" />
                <TableCell>{translate(`${PREFIX}.event`)}</TableCell>
                <TableCell>{translate(`${PREFIX}.status`)}</TableCell>
                <TableCell align="right" sx={WIDE_ONLY}>
                  {translate(`${PREFIX}.attempts`)}
                </TableCell>
                <TableCell>{translate(`${PREFIX}.last`)}</TableCell>
                <TableCell sx={WIDE_ONLY}>{translate(`${PREFIX}.when`)}</TableCell>
                {canReplay && <TableCell sx={WIDE_ONLY} />}
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((delivery) => {
                const name = eventName(delivery.eventType);
                const expanded = open === delivery.id;
                const replayable = canReplay && delivery.status === 'DELIVERED';
                const replayProps = {
                  name,
                  busy: replay.isPending,
                  onReplay: () => replay.mutate({ path: replayPath(hook.id, delivery.id), done: `${PREFIX}.replayed` }),
                };
                return (
                  <Fragment key={delivery.id}>
                    <TableRow hover>
                      <TableCell padding="checkbox">
                        <IconButton
                          size="small"
                          aria-expanded={expanded}
                          aria-label={translate(`${PREFIX}.details`, { event: name })}
                          onClick={() => setOpen(expanded ? null : delivery.id)}
                        >
                          {expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
                        </IconButton>
                      </TableCell>
                      <TableCell>
                        {name}
                        <Typography variant="caption" component="div" color="text.secondary">
                          evt_{delivery.eventId}
                          {delivery.replayOf ? ` · ${translate(`${PREFIX}.replay_of`)}` : ''}
                        </Typography>
                      </TableCell>
                      <TableCell>
                        <StatusChip
                          prefix={`${PREFIX}.statuses`}
                          value={delivery.status}
                          colours={{ DELIVERED: 'success', PENDING: 'warning' }}
                        />
                      </TableCell>
                      <TableCell align="right" sx={WIDE_ONLY}>
                        {delivery.attempts}
                      </TableCell>
                      <TableCell sx={{ maxWidth: 280, overflowWrap: 'anywhere' }}>
                        {answerText(delivery.lastAttempt, translate(`${PREFIX}.no_answer`))}
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap', ...WIDE_ONLY }}>{deliveryTime(delivery)}</TableCell>
                      {canReplay && (
                        <TableCell sx={WIDE_ONLY}>{replayable && <ReplayButton {...replayProps} />}</TableCell>
                      )}
                    </TableRow>
                    <TableRow>
                      <TableCell
                        colSpan={canReplay ? 7 : 6}
                        sx={{ py: 0, borderBottom: expanded ? undefined : 'none' }}
                      >
                        <Collapse in={expanded} unmountOnExit>
                          <DeliveryDetails
                            delivery={delivery}
                            replay={replayable && <ReplayButton {...replayProps} sx={PHONE_ONLY} />}
                          />
                        </Collapse>
                      </TableCell>
                    </TableRow>
                  </Fragment>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
      <TablePagination
        component="div"
        count={log.data?.totalCount ?? 0}
        page={page}
        rowsPerPage={size}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_event, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setSize(Number(event.target.value));
          setPage(0);
        }}
        sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', pl: 0 } }}
      />
    </Box>
  );
}
