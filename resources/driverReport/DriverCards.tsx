import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  Link,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import { apiFetch, unwrap } from '../../dataProvider/http';
import type { DriverSummary } from '../../schema/driverSummary';
import { localToday } from '../../ui/assignments/dates';
import { Facts } from '../../ui/Facts';
import { usDate } from '../../ui/format';
import { useHoldsFeature } from '../../ui/useCanAccessFeature';

const BOOK_ORDERS = '/app/books/bookorders';

/** A driver's next pickups and their CDL and medical card dates (GET /api/Driver/report-summary). */
export function DriverCards({ driverId }: { driverId?: number }) {
  const translate = useTranslate();
  const readsOrders = useHoldsFeature(BOOK_ORDERS, 'Read');
  const { data, error, isPending } = useQuery({
    queryKey: ['driver-summary', driverId ?? 'own'],
    queryFn: async () =>
      unwrap<DriverSummary>(await apiFetch('/api/Driver/report-summary', { query: { driverId, today: localToday() } })),
  });
  if (error) return <Alert severity="error">{(error as Error).message}</Alert>;
  if (isPending) return <Skeleton variant="rounded" height={120} />;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, gap: 2 }}>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2">
            {translate('haulboard.driver_report.next_pickups')}
          </Typography>
          {data.nextPickups.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {translate('haulboard.driver_report.no_pickups')}
            </Typography>
          ) : (
            <List dense disablePadding>
              {data.nextPickups.map((load) => (
                <ListItem key={load.id} disableGutters>
                  <ListItemText
                    primary={
                      <>
                        {usDate(load.pickupDate)} ·{' '}
                        {readsOrders ? (
                          <Link component={RouterLink} to={`${BOOK_ORDERS}/${load.id}/edit`}>
                            {load.orderNumber}
                          </Link>
                        ) : (
                          load.orderNumber
                        )}
                      </>
                    }
                    secondary={`${load.from} → ${load.to} · ${translate('haulboard.driver_report.vehicles', { smart_count: load.vehicles })}`}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2">
            {translate('haulboard.driver_report.expirations')}
          </Typography>
          <Facts
            sx={{ mt: 1, columnGap: 2, rowGap: 1 }}
            facts={data.expirations.map((item) => ({
              key: item.what,
              label: item.what,
              value: (
                <>
                  {item.on ? usDate(item.on) : translate('haulboard.driver_report.not_on_file')}{' '}
                  {item.state && (
                    <Chip
                      size="small"
                      color={item.state === 'expired' ? 'error' : 'warning'}
                      label={translate(`haulboard.driver_report.${item.state}`)}
                    />
                  )}
                </>
              ),
            }))}
          />
        </CardContent>
      </Card>
    </Box>
  );
}
