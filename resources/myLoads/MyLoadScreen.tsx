import ArrowBack from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import type { ReactNode } from 'react';
import { Title } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { MyLoad, MyLoadStop } from '../../schema/myLoads';
import { Facts, type Fact } from '../../ui/Facts';
import { LoadProblem } from '../../ui/LoadProblem';
import { myLoadQuery, myLoadsResource } from './api';
import { InspectionLinks } from './inspect/InspectionLinks';
import { LoadStatus, PhoneLink, t, useCollectFacts, useStopDate } from './parts';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent>
        <Typography id={id} variant="h6" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** A stop: where (the address as one would type it into a map), when, and whom to call. */
function Stop({ kind, stop }: { kind: 'pickup' | 'delivery'; stop: MyLoadStop }) {
  const translate = useTranslate();
  const stopDate = useStopDate();
  const lines = [stop.venue, stop.address, [stop.city, [stop.state, stop.zip].filter(Boolean).join(' ')].join(', ')];
  const facts: Fact[] = [
    { key: 'date', label: translate(t('date')), value: stopDate(stop) },
    {
      key: 'address',
      label: translate(t('address')),
      value: (
        <Box component="address" sx={{ fontStyle: 'normal' }}>
          {lines.filter(Boolean).map((line) => (
            <span key={line} style={{ display: 'block' }}>
              {line}
            </span>
          ))}
        </Box>
      ),
    },
  ];
  if (stop.contactName) facts.push({ key: 'contact', label: translate(t('contact')), value: stop.contactName });
  if (stop.contactPhone)
    facts.push({
      key: 'phone',
      label: translate(t('phone')),
      value: <PhoneLink digits={stop.contactPhone} name={stop.contactName} />,
    });
  return (
    <Section id={`stop-${kind}`} title={translate(t(kind))}>
      <Facts facts={facts} />
    </Section>
  );
}

function Vehicles({ load }: { load: MyLoad }) {
  const translate = useTranslate();
  return (
    <Section id="vehicles" title={translate(t('vehicles_count'), { smart_count: load.vehicles.length })}>
      <Box component="ol" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1.5 }}>
        {load.vehicles.map((vehicle) => (
          <li key={vehicle.id}>
            <Typography variant="body1" sx={{ fontWeight: 600 }}>
              {vehicle.year} {vehicle.make} {vehicle.model}
              {vehicle.color ? ` · ${vehicle.color}` : ''}
            </Typography>
            <Facts
              facts={[
                {
                  key: 'vin',
                  label: translate(t('vin')),
                  value: <Box sx={{ fontFamily: 'monospace', fontSize: '1rem' }}>{vehicle.vin}</Box>,
                },
                {
                  key: 'type',
                  label: translate(t('type')),
                  value: translate(`haulboard.book_orders.vehicle_types.${vehicle.type}`, { _: vehicle.type }),
                },
                ...(vehicle.lotNumber ? [{ key: 'lot', label: translate(t('lot')), value: vehicle.lotNumber }] : []),
                ...(vehicle.stockNumber
                  ? [{ key: 'stock', label: translate(t('stock')), value: vehicle.stockNumber }]
                  : []),
                ...(vehicle.inoperable
                  ? [{ key: 'inop', label: translate(t('condition')), value: translate(t('inoperable')) }]
                  : []),
              ]}
            />
            <InspectionLinks load={load} vehicle={vehicle} />
          </li>
        ))}
      </Box>
    </Section>
  );
}

function Load({ load }: { load: MyLoad }) {
  const translate = useTranslate();
  const collect = useCollectFacts()(load);
  const equipment = [load.truckNumber, load.trailerNumber].filter(Boolean).join(' · ');
  const about: Fact[] = [
    { key: 'status', label: translate(t('status')), value: <LoadStatus status={load.status} /> },
    {
      key: 'customer',
      label: translate(t('customer')),
      value: [load.shipperName, load.brokerName].filter(Boolean).join(' · '),
    },
    ...(load.dispatcherName
      ? [{ key: 'dispatcher', label: translate(t('dispatcher')), value: load.dispatcherName }]
      : []),
    ...(equipment ? [{ key: 'equipment', label: translate(t('equipment')), value: equipment }] : []),
    {
      key: 'trailer',
      label: translate(t('trailer_type')),
      value: translate(`haulboard.book_orders.trailer_types.${load.trailerType}`, { _: load.trailerType }),
    },
  ];
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr' } }}>
      <Section id="about" title={translate(t('about'))}>
        <Facts facts={about} />
      </Section>
      <Section id="collect" title={translate(t('collect'))}>
        {collect.length ? (
          <Facts facts={collect} />
        ) : (
          <Typography variant="body2">{translate(t('nothing_to_collect'))}</Typography>
        )}
      </Section>
      <Stop kind="pickup" stop={load.pickup} />
      <Stop kind="delivery" stop={load.delivery} />
      <Vehicles load={load} />
      <Section id="notes" title={translate(t('notes'))}>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          {load.notes || translate(t('no_notes'))}
        </Typography>
      </Section>
    </Box>
  );
}

/**
 * One of the driver's loads (/app/my-loads/{id}; docs/routing.md#screen-my-loads): its stops with addresses, dates and
 * contacts to call, its vehicles with their VINs, notes and what to collect. Another driver's load is not found.
 */
export default function MyLoadScreen() {
  const translate = useTranslate();
  const { id = '' } = useParams();
  const { data, isPending, error } = useQuery({ ...myLoadQuery(id), retry: false, networkMode: 'always' });
  const missing = (error as { status?: number } | null)?.status === 404;
  return (
    <Box sx={{ p: { xs: 1, md: 2 } }}>
      <Title title={data ? translate(t('load_title'), { number: data.orderNumber }) : translate(t('title'))} />
      <Button
        component={RouterLink}
        to={myLoadsResource.path}
        startIcon={<ArrowBack />}
        sx={{ mb: 1.5, minHeight: 44 }}
      >
        {translate(t('back'))}
      </Button>
      {missing ? (
        <Alert severity="warning">{translate(t('not_found'))}</Alert>
      ) : error ? (
        <LoadProblem />
      ) : isPending ? (
        <Skeleton variant="rounded" height={320} aria-label={translate(t('loading'))} />
      ) : (
        <Load load={data} />
      )}
    </Box>
  );
}
