import './messages';
import {
  Alert,
  Box,
  Link,
  Skeleton,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { Title } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { DRAFT_STATUSES, type DraftStatus, type OrderDraftSummaryDto } from '../../schema/orderDrafts';
import { usDateTime } from '../../ui/format';
import { ScrollBox } from '../../ui/ScrollBox';
import { Tag } from '../../ui/Tag';
import { useHoldsFeature } from '../../ui/useCanAccessFeature';
import { DISPATCH_SHEETS_ROUTE, useDrafts } from './api';
import { SheetUpload } from './SheetUpload';

const PAGE_SIZES = [25, 50, 100];

/** Who sent the sheet: the uploader, or the sender of the mail it came with. */
function From({ draft }: { draft: OrderDraftSummaryDto }) {
  const translate = useTranslate();
  return <>{draft.mailFrom ? translate('haulboard.sheets.by_mail', { from: draft.mailFrom }) : draft.createdBy}</>;
}

function DraftRow({ draft }: { draft: OrderDraftSummaryDto }) {
  const translate = useTranslate();
  const t = (key: string, args?: Record<string, unknown>) => translate(`haulboard.sheets.${key}`, args);
  return (
    <TableRow hover>
      <TableCell>
        <Link component={RouterLink} to={`${DISPATCH_SHEETS_ROUTE}/${draft.id}`}>
          {draft.fileName}
        </Link>
        <Typography variant="caption" component="div" color="text.secondary">
          {t(`layouts.${draft.layout}`)}
        </Typography>
      </TableCell>
      <TableCell>
        {draft.summary}
        {draft.loadId && (
          <Typography variant="caption" component="div" color="text.secondary">
            {draft.loadId}
          </Typography>
        )}
      </TableCell>
      <TableCell>{draft.brokerName}</TableCell>
      <TableCell>
        {draft.status === 'BOOKED' && draft.bookOrderId ? (
          <Link component={RouterLink} to={`/app/books/bookorders/${draft.bookOrderId}/edit`}>
            {draft.orderNumber}
          </Link>
        ) : draft.toCheck ? (
          <Tag tone="warning">{t('check_count', { smart_count: draft.toCheck })}</Tag>
        ) : (
          <Tag tone="success">{t('all_sure')}</Tag>
        )}
      </TableCell>
      <TableCell>
        <From draft={draft} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{usDateTime(draft.createdAt)}</TableCell>
    </TableRow>
  );
}

/**
 * The dispatch sheets (docs/product/dispatch-sheets.md#drafts): the drop zone, then the drafts to review, booked or
 * discarded, newest first. The tab and page are in the address, so a refresh or the back button keeps them.
 */
export default function SheetsScreen() {
  const translate = useTranslate();
  const t = (key: string, args?: Record<string, unknown>) => translate(`haulboard.sheets.${key}`, args);
  const [params, setParams] = useSearchParams();
  const status = (DRAFT_STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as DraftStatus)
    : 'OPEN';
  const page = Math.max(0, Number(params.get('page')) || 0);
  const size = PAGE_SIZES.includes(Number(params.get('size'))) ? Number(params.get('size')) : PAGE_SIZES[0];
  const canUpload = useHoldsFeature(DISPATCH_SHEETS_ROUTE, 'Create');
  const { data, isPending, error } = useDrafts(status, page, size);
  const go = (next: Record<string, string | number>) =>
    setParams((current) => {
      const merged = new URLSearchParams(current);
      for (const [key, value] of Object.entries(next)) merged.set(key, String(value));
      return merged;
    });

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2, minWidth: 0, contain: 'inline-size' }}>
      <Title title={t('title')} />
      <Typography variant="body2">{t('intro')}</Typography>
      {canUpload && <SheetUpload />}
      <Tabs
        value={status}
        onChange={(_event, value: DraftStatus) => go({ status: value, page: 0 })}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {DRAFT_STATUSES.map((s) => (
          <Tab key={s} value={s} label={t(`tabs.${s}`)} />
        ))}
      </Tabs>
      {error ? (
        <Alert severity="error">{(error as Error).message}</Alert>
      ) : isPending ? (
        <Skeleton variant="rectangular" height={120} />
      ) : data.items.length === 0 ? (
        <Typography color="text.secondary">{t(`empty.${status}`)}</Typography>
      ) : (
        <>
          <ScrollBox label={t(`tabs.${status}`)}>
            <Table size="small" sx={{ minWidth: 720 }}>
              <TableHead>
                <TableRow>
                  {(
                    ['file', 'load', 'broker', status === 'BOOKED' ? 'order' : 'check', 'from', 'received'] as const
                  ).map((column) => (
                    <TableCell key={column}>{t(`columns.${column}`)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.items.map((draft) => (
                  <DraftRow key={draft.id} draft={draft} />
                ))}
              </TableBody>
            </Table>
          </ScrollBox>
          <TablePagination
            component="div"
            count={data.total}
            page={page}
            rowsPerPage={size}
            rowsPerPageOptions={PAGE_SIZES}
            onPageChange={(_event, next) => go({ page: next })}
            onRowsPerPageChange={(event) => go({ size: event.target.value, page: 0 })}
            sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', pl: 0 } }}
          />
        </>
      )}
    </Box>
  );
}
