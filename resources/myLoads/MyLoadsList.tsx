import {
  Alert,
  Box,
  Card,
  CardActionArea,
  CardContent,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title } from 'react-admin';
import { useTranslate } from 'ra-core';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { MyLoad } from '../../schema/myLoads';
import { LoadProblem } from '../../ui/LoadProblem';
import { usePhone } from '../../ui/usePhone';
import { myLoadsQuery, myLoadsResource } from './api';
import { LoadStatus, place, t, useCollectFacts, useStopDate } from './parts';
import { useSharePosition } from './useSharePosition';

const openPath = (load: MyLoad) => `${myLoadsResource.path}/${load.id}`;

function vehiclesText(load: MyLoad) {
  return load.vehicles.map((v) => `${v.year} ${v.make} ${v.model}`).join('; ');
}

/** On a phone: one card per load, the whole card a link to it. */
function LoadCards({ loads }: { loads: MyLoad[] }) {
  const translate = useTranslate();
  const stopDate = useStopDate();
  const collect = useCollectFacts();
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {loads.map((load) => {
        const cod = collect(load).find((fact) => fact.key === 'cod');
        return (
          <li key={load.id}>
            <Card variant="outlined">
              <CardActionArea component={RouterLink} to={openPath(load)} sx={{ minHeight: 44 }}>
                <CardContent>
                  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}>
                    <Typography variant="h6" component="h2">
                      {load.orderNumber}
                    </Typography>
                    <LoadStatus status={load.status} />
                  </Box>
                  <Typography variant="body2" sx={{ mt: 1 }}>
                    <strong>{translate(t('pickup'))}:</strong> {place(load.pickup)} · {stopDate(load.pickup)}
                  </Typography>
                  <Typography variant="body2">
                    <strong>{translate(t('delivery'))}:</strong> {place(load.delivery)} · {stopDate(load.delivery)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    {vehiclesText(load)}
                  </Typography>
                  {cod && (
                    <Typography variant="body2" sx={{ mt: 0.5 }}>
                      {cod.label}: {cod.value}
                    </Typography>
                  )}
                </CardContent>
              </CardActionArea>
            </Card>
          </li>
        );
      })}
    </Box>
  );
}

/** On a desktop: a table, each row opening its load. */
function LoadTable({ loads }: { loads: MyLoad[] }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const stopDate = useStopDate();
  return (
    <Card variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table aria-label={translate(t('title'))}>
        <TableHead>
          <TableRow>
            {['order', 'status', 'pickup', 'delivery', 'vehicles'].map((key) => (
              <TableCell key={key}>{translate(t(key))}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {loads.map((load) => (
            <TableRow key={load.id} hover onClick={() => navigate(openPath(load))} sx={{ cursor: 'pointer' }}>
              <TableCell>
                <RouterLink to={openPath(load)}>{load.orderNumber}</RouterLink>
              </TableCell>
              <TableCell>
                <LoadStatus status={load.status} />
              </TableCell>
              <TableCell>
                {place(load.pickup)}
                <Typography variant="body2" color="text.secondary">
                  {stopDate(load.pickup)}
                </Typography>
              </TableCell>
              <TableCell>
                {place(load.delivery)}
                <Typography variant="body2" color="text.secondary">
                  {stopDate(load.delivery)}
                </Typography>
              </TableCell>
              <TableCell>{vehiclesText(load)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}

/**
 * My Loads (docs/routing.md#screen-my-loads), a driver's landing: the loads assigned to them from today on, soonest
 * pickup first, each opening the driver's view of it. Cards on a phone, a table on a desktop.
 */
export default function MyLoadsList() {
  const translate = useTranslate();
  const phone = usePhone();
  const { data, isPending, isError } = useQuery(myLoadsQuery);
  useSharePosition(data?.items);
  return (
    <Box sx={{ p: { xs: 1, md: 2 } }}>
      <Title title={translate(t('title'))} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {translate(t('intro'))}
      </Typography>
      {isError ? (
        <LoadProblem />
      ) : isPending ? (
        <Box aria-busy="true" aria-label={translate(t('loading'))} sx={{ display: 'grid', gap: 1.5 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={phone ? 140 : 56} />
          ))}
        </Box>
      ) : !data.linked ? (
        <Alert severity="info">{translate('haulboard.driver_report.no_driver')}</Alert>
      ) : data.items.length === 0 ? (
        <Alert severity="info">{translate(t('empty'))}</Alert>
      ) : phone ? (
        <LoadCards loads={data.items} />
      ) : (
        <LoadTable loads={data.items} />
      )}
    </Box>
  );
}
