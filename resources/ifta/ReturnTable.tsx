import {
  Box,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { useId } from 'react';
import type { IftaReturnDto, IftaStateRowDto } from '../../schema/ifta';
import { Facts } from '../../ui/Facts';
import { Tag } from '../../ui/Tag';
import { usCents, usNumber } from '../../ui/format';
import { usePhone } from '../../ui/usePhone';

const count = (n: number | null) => (n === null ? '—' : usNumber(n));
/** A credit in parentheses, as the return prints it. */
const taxText = (cents: number) => (cents < 0 ? `(${usCents(-cents)})` : usCents(cents));

/** The figure columns of a state's line, in the return's order. */
const FIGURES: { key: string; value: (row: IftaStateRowDto) => string }[] = [
  { key: 'miles', value: (r) => count(r.miles) },
  { key: 'taxable', value: (r) => count(r.taxableGallons) },
  { key: 'paid', value: (r) => count(r.taxPaidGallons) },
  { key: 'net', value: (r) => count(r.netTaxableGallons) },
  { key: 'rate', value: (r) => (r.rate === null ? '—' : `$${r.rate}`) },
];

/** A line per state: miles, taxable, tax-paid and net gallons, the rate, the tax; a state without a rate says so. */
export function ReturnTable({ value }: { value: IftaReturnDto }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`haulboard.ifta.${key}`);
  const titleId = useId();
  const phone = usePhone();
  const taxCell = (row: IftaStateRowDto) =>
    row.taxCents === null ? <Tag tone="error">{t('no_rate')}</Tag> : taxText(row.taxCents);
  const numeric = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('return')}
        </Typography>
        {!value.rows.length ? (
          <Typography color="text.secondary">{t('empty')}</Typography>
        ) : phone ? (
          <Box component="ul" aria-labelledby={titleId} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            {value.rows.map((row) => (
              <Box
                component="li"
                key={row.state}
                sx={{ border: 1, borderColor: row.rate === null ? 'error.main' : 'divider', borderRadius: 1, p: 1.5 }}
              >
                <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.5 }}>
                  <Typography variant="subtitle2" component="h3">
                    {row.state} · {row.stateName}
                  </Typography>
                  <Typography variant="subtitle2">{taxCell(row)}</Typography>
                </Box>
                <Facts
                  facts={FIGURES.map((f) => ({ key: f.key, label: t(f.key), value: f.value(row), numeric: true }))}
                />
              </Box>
            ))}
            <Box component="li" sx={{ p: 1.5, display: 'flex', justifyContent: 'space-between', fontWeight: 600 }}>
              <span>{t('total')}</span>
              <span>{taxText(value.totalTaxCents)}</span>
            </Box>
          </Box>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby={titleId}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('state')}</TableCell>
                  {FIGURES.map((f) => (
                    <TableCell key={f.key} sx={numeric}>
                      {t(f.key)}
                    </TableCell>
                  ))}
                  <TableCell sx={numeric}>{t('tax')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {value.rows.map((row) => (
                  <TableRow key={row.state}>
                    <TableCell>
                      {row.state} · {row.stateName}
                    </TableCell>
                    {FIGURES.map((f) => (
                      <TableCell key={f.key} sx={numeric}>
                        {f.value(row)}
                      </TableCell>
                    ))}
                    <TableCell sx={numeric}>{taxCell(row)}</TableCell>
                  </TableRow>
                ))}
                {value.outsideMiles > 0 && (
                  <TableRow>
                    <TableCell>{t('outside')}</TableCell>
                    <TableCell sx={numeric}>{usNumber(value.outsideMiles)}</TableCell>
                    <TableCell colSpan={5} />
                  </TableRow>
                )}
              </TableBody>
              <TableFooter>
                <TableRow>
                  <TableCell>{t('total')}</TableCell>
                  <TableCell sx={numeric}>{usNumber(value.totalMiles)}</TableCell>
                  <TableCell />
                  <TableCell sx={numeric}>{usNumber(value.totalGallons)}</TableCell>
                  <TableCell colSpan={2} />
                  <TableCell sx={numeric}>{taxText(value.totalTaxCents)}</TableCell>
                </TableRow>
              </TableFooter>
            </Table>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
