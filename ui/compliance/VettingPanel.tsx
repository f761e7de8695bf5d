import './messages';
import { Alert, Card, CardContent, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useRecordContext, useTranslate } from 'ra-core';
import { apiFetch, unwrap } from '../../dataProvider/http';
import type { VettingDto } from '../../schema/vetting';
import { usDate } from '../format';
import { ChangeList, FilingList } from './VettingChanges';
import { AuthorityFacts, CensusFacts, OnFileFacts } from './VettingFacts';

const w = (key: string) => `haulboard.compliance.vetting.${key}`;

/**
 * Beside a broker's or shipper's form: what the imported FMCSA files say of its MC and USDOT numbers
 * (docs/product/compliance.md#vetting) — its census record, authority, insurance and bond on file, filings, and the
 * changes seen between imports, the last 30 days' highlighted.
 */
export function VettingPanel({ api }: { api: '/api/Brokers' | '/api/Shipper' }) {
  const translate = useTranslate();
  const record = useRecordContext<{
    id: number;
    mcNumber: string | null;
    usdotNumber: string | null;
    version: number;
  }>();
  const { data } = useQuery({
    queryKey: ['vetting', api, record?.id, record?.version],
    queryFn: async ({ signal }) => unwrap<VettingDto>(await apiFetch(`${api}/${record!.id}/vetting`, { signal })),
    enabled: !!record?.id,
    staleTime: 30_000,
  });
  if (!record || !data) return null;
  const imported = Object.values(data.imported).some(Boolean);
  const numbered = !!(record.mcNumber || record.usdotNumber);
  const found = !!(data.census || data.authority);
  const date = (on: string | null) => (on ? usDate(on) : translate(w('never')));
  return (
    <Card
      component="aside"
      aria-label={translate(w('title'))}
      sx={{ ml: { lg: 2 }, mt: { xs: 2, lg: 0 }, width: { lg: 400 }, flexShrink: 0, alignSelf: { lg: 'flex-start' } }}
    >
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate(w('title'))}
        </Typography>
        {imported && (
          <Typography variant="body2" color="text.secondary">
            {translate(w('checked'), {
              census: date(data.imported.census),
              carrier: date(data.imported.carrier),
              insurance: date(data.imported.insurance),
            })}
          </Typography>
        )}
        {!imported ? (
          <Alert severity="info" sx={{ mt: 1 }}>
            {translate(w('nothing_imported'))}
          </Alert>
        ) : !numbered ? (
          <Alert severity="info" sx={{ mt: 1 }}>
            {translate(w('no_numbers'))}
          </Alert>
        ) : !found ? (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {translate(w('not_found'))}
          </Alert>
        ) : null}
        {data.authority && <AuthorityFacts authority={data.authority} />}
        {data.authority && <OnFileFacts authority={data.authority} />}
        {data.census && <CensusFacts census={data.census} />}
        {found && <FilingList filings={data.filings} />}
        {found && <ChangeList changes={data.changes} />}
      </CardContent>
    </Card>
  );
}
