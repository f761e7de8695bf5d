import './messages';
import AssessmentIcon from '@mui/icons-material/Assessment';
import {
  Box,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { type ReactNode, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { BankRowDto, OpenItemDto } from '../../schema/bank';
import { apiFetch, unwrap } from '../../dataProvider/http';
import { LoadProblem } from '../../ui/LoadProblem';
import { ResponsiveDialog } from '../../ui/ResponsiveDialog';
import { usDate, usMoney, usNumber } from '../../ui/format';
import { BANK_API, BANK_SCREEN } from './api';

interface Bucket {
  key: string;
  label: string;
  count: number;
  amount: number;
}
interface Report {
  bank: { buckets: Bucket[]; items: (BankRowDto & { ageDays: number })[] };
  items: { buckets: Bucket[]; items: OpenItemDto[] };
}

function Buckets({ buckets, caption }: { buckets: Bucket[]; caption: string }) {
  const translate = useTranslate();
  return (
    <Table size="small" aria-label={caption}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('haulboard.bank.report.bucket')}</TableCell>
          <TableCell align="right">{translate('haulboard.bank.report.count')}</TableCell>
          <TableCell align="right">{translate('haulboard.bank.report.amount')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {buckets.map((b) => (
          <TableRow key={b.key}>
            <TableCell>{b.label}</TableCell>
            <TableCell align="right">{usNumber(b.count)}</TableCell>
            <TableCell align="right">{usMoney(b.amount)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

interface SideRow {
  key: string;
  day: string | null;
  what: ReactNode;
  amount: number;
  age: string;
}

/** One side of the report: its buckets, then its oldest rows. */
function Side({ id, title, buckets, rows }: { id: string; title: string; buckets: Bucket[]; rows: SideRow[] }) {
  const translate = useTranslate();
  return (
    <Box component="section" aria-labelledby={id} sx={{ minWidth: 0 }}>
      <Typography id={id} variant="h6" component="h3">
        {title}
      </Typography>
      <Buckets buckets={buckets} caption={title} />
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {translate('haulboard.bank.report.oldest')}
      </Typography>
      {!rows.length && <Typography>{translate('haulboard.bank.report.none')}</Typography>}
      {rows.map((row) => (
        <Box
          key={row.key}
          sx={{ display: 'flex', gap: 1, py: 0.5, borderBottom: 1, borderColor: 'divider', fontSize: 14 }}
        >
          <Box sx={{ whiteSpace: 'nowrap' }}>{usDate(row.day)}</Box>
          <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{row.what}</Box>
          <Box sx={{ whiteSpace: 'nowrap' }}>{usMoney(row.amount)}</Box>
          <Box sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>{row.age}</Box>
        </Box>
      ))}
    </Box>
  );
}

/**
 * Both sides not yet matched, with ages (GET unmatched-report): bank rows oldest first, and what Haulboard expects
 * in the bank and has not found, longest overdue first; each side summed per age bucket.
 */
export function UnmatchedReportButton() {
  const translate = useTranslate();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const { data, error } = useQuery({
    queryKey: ['bank-unmatched-report'],
    enabled: open,
    queryFn: async () => unwrap<Report>(await apiFetch(`${BANK_API}/unmatched-report`, { query: { size: 15 } })),
  });
  const age = (days: number | null) =>
    days === null
      ? ''
      : days >= 0
        ? translate('haulboard.bank.report.age', { smart_count: days })
        : translate('haulboard.bank.report.due_in', { smart_count: -days });
  return (
    <>
      <Button size="small" startIcon={<AssessmentIcon />} onClick={() => setOpen(true)}>
        {translate('haulboard.bank.report.button')}
      </Button>
      <ResponsiveDialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} maxWidth="lg">
        <DialogTitle id={titleId}>{translate('haulboard.bank.report.title')}</DialogTitle>
        <DialogContent
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3, alignItems: 'start' }}
        >
          {error && <LoadProblem />}
          {data && (
            <>
              <Side
                id={`${titleId}-bank`}
                title={translate('haulboard.bank.report.bank_side')}
                buckets={data.bank.buckets}
                rows={data.bank.items.map((row) => ({
                  key: `row-${row.id}`,
                  day: row.postedOn,
                  what: (
                    <Link component={RouterLink} to={`${BANK_SCREEN}/${row.id}`}>
                      {row.description}
                    </Link>
                  ),
                  amount: row.left,
                  age: age(row.ageDays),
                }))}
              />
              <Side
                id={`${titleId}-items`}
                title={translate('haulboard.bank.report.items_side')}
                buckets={data.items.buckets}
                rows={data.items.items.map((item) => ({
                  key: `${item.itemType}:${item.itemId}`,
                  day: item.expectedOn,
                  what: `${item.label}${item.party ? ` · ${item.party}` : ''}`,
                  amount: item.left,
                  age: age(item.ageDays),
                }))}
              />
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.close')}</Button>
        </DialogActions>
      </ResponsiveDialog>
    </>
  );
}
