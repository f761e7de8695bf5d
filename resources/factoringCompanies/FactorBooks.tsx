import './messages';
import {
  Box,
  Button,
  Card,
  CardContent,
  Link,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useRecordContext, useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import { apiFetch, unwrap } from '../../dataProvider/http';
import { type FactorBooksDto, SCHEDULES_ROUTE } from '../../schema/factoring';
import type { FactoringCompanyDto } from '../../schema/resources/factoringCompanies';
import { Facts } from '../../ui/Facts';
import { ScrollBox } from '../../ui/ScrollBox';
import { usCents } from '../../ui/format';

const FIGURES = [
  ['scheduled', 'scheduledCents'],
  ['advanced', 'advanceCents'],
  ['fees', 'feeCents'],
  ['reserve', 'reserveCents'],
  ['released', 'releasedCents'],
  ['owes', 'owedCents'],
] as const;

/**
 * Above the factoring companies' list (docs/product/factoring.md#what-the-factor-owes): each factor's books — what it
 * was scheduled, advanced and charged, the reserve it holds and released, what it owes — and the total owed.
 */
export function AllFactorBooks() {
  const translate = useTranslate();
  const { data } = useQuery({
    queryKey: ['factor-books'],
    queryFn: async () =>
      unwrap<{ rows: FactorBooksDto[]; totalOwedCents: number }>(await apiFetch('/api/FactoringCompanies/books')),
  });
  const t = (key: string) => translate(`haulboard.factors.${key}`);
  if (!data) return <Skeleton variant="rounded" height={120} />;
  const total = (key: (typeof FIGURES)[number][1]) => data.rows.reduce((sum, row) => sum + row[key], 0);
  return (
    <Card sx={{ mb: 2, minWidth: 0, maxWidth: { xs: 'calc(100vw - 32px)', md: '100%' } }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('books_title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('books_intro')}
        </Typography>
        <ScrollBox label={t('books_title')}>
          <Table size="small" aria-label={t('books_title')} sx={{ minWidth: 640 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('factor')}</TableCell>
                {FIGURES.map(([label]) => (
                  <TableCell key={label} align="right">
                    {t(label)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.rows.map((row) => (
                <TableRow key={row.factoringCompanyId}>
                  <TableCell>
                    <Link
                      component={RouterLink}
                      to={`/app/management/factoring-companies/${row.factoringCompanyId}/edit`}
                    >
                      {row.name}
                    </Link>
                  </TableCell>
                  {FIGURES.map(([label, key]) => (
                    <TableCell
                      key={label}
                      align="right"
                      sx={{ whiteSpace: 'nowrap', fontWeight: key === 'owedCents' ? 600 : undefined }}
                    >
                      {usCents(row[key])}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>{t('total')}</TableCell>
                {FIGURES.map(([label, key]) => (
                  <TableCell key={label} align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                    {usCents(key === 'owedCents' ? data.totalOwedCents : total(key))}
                  </TableCell>
                ))}
              </TableRow>
            </TableFooter>
          </Table>
        </ScrollBox>
      </CardContent>
    </Card>
  );
}

/** Beside a factoring company's form: its books, what it owes, and its schedules. */
export function FactorBooksAside() {
  const translate = useTranslate();
  const factor = useRecordContext<FactoringCompanyDto>();
  const { data } = useQuery({
    queryKey: ['factor-books', factor?.id],
    enabled: !!factor?.id,
    queryFn: async () => unwrap<FactorBooksDto>(await apiFetch(`/api/FactoringCompanies/${factor!.id}/books`)),
  });
  const t = (key: string) => translate(`haulboard.factors.${key}`);
  if (!factor || !data) return null;
  return (
    <Card sx={{ minWidth: { md: 300 } }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
          {t('this_books')}
        </Typography>
        <Facts
          facts={FIGURES.map(([label, key]) => ({
            key: label,
            label: t(label),
            value: (
              <Box component="span" sx={{ fontWeight: key === 'owedCents' ? 700 : undefined }}>
                {usCents(data[key])}
              </Box>
            ),
            numeric: true,
          }))}
        />
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            component={RouterLink}
            to={`${SCHEDULES_ROUTE}?filter=${encodeURIComponent(JSON.stringify({ factoringCompanyId: factor.id }))}`}
          >
            {t('schedules')}
          </Button>
          <Button component={RouterLink} to={`${SCHEDULES_ROUTE}/create?factoringCompanyId=${factor.id}`}>
            {t('new_schedule')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
