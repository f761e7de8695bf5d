import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title } from 'react-admin';
import { type ReactNode, useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { apiFetch, unwrap } from '../../dataProvider/http';
import { todayIso } from '../../schema/expiry';
import {
  type SafetyBasicRow,
  type SafetyCodeRow,
  type SafetyDriverRow,
  type SafetyOpenChallenge,
  type SafetyPicture as Picture,
  barPercent,
} from '../../schema/safety';
import { BASIC_LABELS, type Basic } from '../../schema/tickets';
import { usDate, usNumber } from '../../ui/format';
import { RecordLink } from '../../ui/records/links';
import { useApiList } from '../../ui/useApiList';
import { usePhone } from '../../ui/usePhone';

/** The tickets' screen, where an inspection's ticket opens. */
const TICKETS_RESOURCE = 'management/ticket-management';

type Kind = 'carrier' | 'driver';
interface Choice {
  id: number;
  name: string;
  terminatedOn?: string | null;
  deleted?: boolean;
}

/** A value with a bar as long as its share of the largest (plain CSS; the number is the text, the bar is decoration). */
function Bar({ value, largest, text }: { value: number; largest: number; text?: string }) {
  const width = barPercent(value, largest);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <Box component="span" sx={{ minWidth: '3.5em', textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
        {text ?? usNumber(value)}
      </Box>
      <Box
        aria-hidden
        sx={{ flex: 1, minWidth: 40, height: 10, bgcolor: 'action.hover', borderRadius: 1, overflow: 'hidden' }}
      >
        <Box sx={{ width: `${width}%`, height: '100%', bgcolor: value > 0 ? 'primary.main' : 'transparent' }} />
      </Box>
    </Box>
  );
}

interface Column<T> {
  label: string;
  render: (row: T) => ReactNode;
  numeric?: boolean;
  /** A wider share of the table (the bars). */
  wide?: boolean;
}

/**
 * A table with real table markup (column headers, the first cell of a row its header) on a wide screen; on a phone
 * each row a card with labelled lines (a description list): no sideways scrolling.
 */
function ResponsiveTable<T>({
  labelledBy,
  columns,
  rows,
  rowKey,
  empty,
}: {
  labelledBy: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  empty: string;
}) {
  const phone = usePhone();
  if (!rows.length)
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        {empty}
      </Typography>
    );
  const [first, ...rest] = columns;
  if (phone) {
    return (
      <Box component="ul" aria-labelledby={labelledBy} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {rows.map((row) => (
          <Card component="li" variant="outlined" key={rowKey(row)}>
            <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {first.render(row)}
              </Typography>
              <Box
                component="dl"
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'max-content minmax(0, 1fr)',
                  columnGap: 1.5,
                  rowGap: 0.5,
                  m: 0,
                  mt: 0.5,
                }}
              >
                {rest.map((column) => (
                  <Box key={column.label} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {column.label}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
                      {column.render(row)}
                    </Typography>
                  </Box>
                ))}
              </Box>
            </CardContent>
          </Card>
        ))}
      </Box>
    );
  }
  return (
    <Table size="small" aria-labelledby={labelledBy}>
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell
              key={column.label}
              component="th"
              scope="col"
              align={column.numeric ? 'right' : 'left'}
              sx={{ fontWeight: 600, width: column.wide ? '30%' : undefined }}
            >
              {column.label}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={rowKey(row)}>
            <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
              {first.render(row)}
            </TableCell>
            {rest.map((column) => (
              <TableCell key={column.label} align={column.numeric ? 'right' : 'left'}>
                {column.render(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** A card with a heading (h2) its table is labelled by. */
function Section({
  title,
  help,
  children,
}: {
  title: string;
  help?: ReactNode;
  children: (headingId: string) => ReactNode;
}) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id} sx={{ mt: 2 }}>
      <CardContent>
        <Typography id={id} variant="h6" component="h2">
          {title}
        </Typography>
        {help && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {help}
          </Typography>
        )}
        {children(id)}
      </CardContent>
    </Card>
  );
}

const count = usNumber;

function BasicsSection({ basics }: { basics: SafetyBasicRow[] }) {
  const largest = Math.max(0, ...basics.map((b) => b.weight));
  return (
    <Section title="BASICs" help="Each BASIC’s weighted sum, and the inspections and violations it comes from.">
      {(id) => (
        <ResponsiveTable<SafetyBasicRow>
          labelledBy={id}
          rows={basics}
          rowKey={(b) => b.basic}
          empty=""
          columns={[
            { label: 'BASIC', render: (b) => b.name },
            { label: 'Weighted sum', render: (b) => <Bar value={b.weight} largest={largest} />, wide: true },
            { label: 'Inspections', render: (b) => count(b.inspections), numeric: true },
            { label: 'Violations', render: (b) => count(b.violations), numeric: true },
            { label: 'Out of service', render: (b) => count(b.oosViolations), numeric: true },
          ]}
        />
      )}
    </Section>
  );
}

/** A driver's non-zero BASICs, largest first: "Vehicle Maintenance 92 · HOS Compliance 21". */
const basicsText = (weights: Record<Basic, number>) =>
  (Object.entries(weights) as [Basic, number][])
    .filter(([, weight]) => weight > 0)
    .sort(([, a], [, b]) => b - a)
    .map(([basic, weight]) => `${BASIC_LABELS[basic]} ${count(weight)}`)
    .join(' · ');

function DriversSection({ drivers, onPick }: { drivers: SafetyDriverRow[]; onPick: (driverId: number) => void }) {
  const largest = Math.max(0, ...drivers.map((d) => d.total));
  return (
    <Section
      title="Drivers who weigh most"
      help="The carrier’s drivers by their share of its weighted sums. Choose a driver to see their own picture."
    >
      {(id) => (
        <ResponsiveTable<SafetyDriverRow>
          labelledBy={id}
          rows={drivers}
          rowKey={(d) => d.driverId ?? 'none'}
          empty="No driver has a weighted violation in the window."
          columns={[
            {
              label: 'Driver',
              render: (d) =>
                d.driverId === null ? (
                  <em>No driver on the ticket</em>
                ) : (
                  <Link
                    component="button"
                    type="button"
                    onClick={() => onPick(d.driverId!)}
                    sx={{ textAlign: 'left', font: 'inherit', fontWeight: 'inherit' }}
                  >
                    {d.driverName ?? `Driver #${d.driverId}`}
                  </Link>
                ),
            },
            { label: 'Weighted sum', render: (d) => <Bar value={d.total} largest={largest} />, wide: true },
            { label: 'By BASIC', render: (d) => basicsText(d.weights) },
            { label: 'Inspections', render: (d) => count(d.inspections), numeric: true },
            {
              label: 'Violations',
              render: (d) => `${count(d.violations)} (${count(d.oosViolations)} OOS)`,
              numeric: true,
            },
          ]}
        />
      )}
    </Section>
  );
}

function CodesSection({ codes }: { codes: SafetyCodeRow[] }) {
  const largest = Math.max(0, ...codes.map((c) => c.weight));
  return (
    <Section
      title="Violations that weigh most"
      help="Each code’s part of the weighted sums (scaled down where an inspection’s BASIC reached the cap of 30)."
    >
      {(id) => (
        <ResponsiveTable<SafetyCodeRow>
          labelledBy={id}
          rows={codes}
          rowKey={(c) => c.violationNumberId}
          empty="No violations in the window."
          columns={[
            { label: 'Code', render: (c) => c.code },
            { label: 'Description', render: (c) => c.description },
            { label: 'BASIC', render: (c) => c.basicName },
            { label: 'Severity', render: (c) => c.severity, numeric: true },
            {
              label: 'Cited',
              render: (c) => `${count(c.count)}${c.oosCount ? ` (${count(c.oosCount)} OOS)` : ''}`,
              numeric: true,
            },
            {
              label: 'Weight',
              render: (c) => <Bar value={c.weight} largest={largest} text={usNumber(c.weight)} />,
              wide: true,
            },
          ]}
        />
      )}
    </Section>
  );
}

function Deadline({ on }: { on: string | null }) {
  if (!on)
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        None set
      </Typography>
    );
  const overdue = on < todayIso();
  return (
    <Typography
      component="span"
      variant="body2"
      color={overdue ? 'error' : undefined}
      sx={{ whiteSpace: 'nowrap', fontWeight: overdue ? 600 : undefined }}
    >
      {usDate(on)}
      {overdue ? ' — passed' : ''}
    </Typography>
  );
}

function ChallengesSection({ challenges, showDriver }: { challenges: Picture['challenges']; showDriver: boolean }) {
  const columns: Column<SafetyOpenChallenge>[] = [
    {
      label: 'Report number',
      render: (c) => (
        <RecordLink resource={TICKETS_RESOURCE} id={c.ticketId}>
          {c.reportNumber}
        </RecordLink>
      ),
    },
    { label: 'Status', render: (c) => c.statusName },
    { label: 'Deadline', render: (c) => <Deadline on={c.deadline} /> },
    { label: 'Inspected on', render: (c) => usDate(c.inspectedOn) },
    ...(showDriver ? [{ label: 'Driver', render: (c: SafetyOpenChallenge) => c.driverName ?? '—' }] : []),
    { label: 'Weight at stake', render: (c) => count(c.weight), numeric: true },
  ];
  return (
    <Section
      title="DataQs challenges"
      help="The inspections of the window by challenge status; an accepted challenge removes its inspection from the sums."
    >
      {(id) => (
        <>
          <Box
            component="ul"
            aria-label="Inspections by challenge status"
            sx={{ listStyle: 'none', p: 0, m: 0, mb: 2, display: 'flex', flexWrap: 'wrap', gap: 1 }}
          >
            {challenges.byStatus.map((s) => (
              <li key={s.status}>
                <Chip
                  label={`${s.name}: ${count(s.count)}`}
                  variant={s.count ? 'filled' : 'outlined'}
                  color={
                    s.status === 'TO_FILE' && s.count
                      ? 'warning'
                      : s.status === 'FILED' && s.count
                        ? 'info'
                        : s.status === 'ACCEPTED' && s.count
                          ? 'success'
                          : 'default'
                  }
                />
              </li>
            ))}
          </Box>
          <Typography id={`${id}-open`} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            Open challenges
          </Typography>
          <ResponsiveTable<SafetyOpenChallenge>
            labelledBy={`${id}-open`}
            rows={challenges.open}
            rowKey={(c) => c.inspectionReportId}
            empty="No challenge to file or waiting for an answer."
            columns={columns}
          />
        </>
      )}
    </Section>
  );
}

function Summary({ picture }: { picture: Picture }) {
  const bands = picture.timeWeights.map((band) => `×${band.weight} ${usDate(band.from)}–${usDate(band.to)}`).join(', ');
  const figures: [string, string][] = [
    ['Weighted sum', count(picture.totalWeight)],
    ['Inspections', count(picture.inspections)],
    ['With violations', count(picture.inspectionsWithViolations)],
  ];
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {picture.subject.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {picture.subject.kind === 'carrier' ? 'Carrier' : 'Driver'} · inspections from {usDate(picture.window.from)}{' '}
          to {usDate(picture.window.to)}
        </Typography>
        <Box component="dl" sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', m: 0, mt: 1 }}>
          {figures.map(([label, value]) => (
            <Box key={label}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="h6" sx={{ m: 0 }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Time weights: {bands}.
        </Typography>
      </CardContent>
    </Card>
  );
}

function PictureView({ kind, id, onPickDriver }: { kind: Kind; id: number; onPickDriver: (driverId: number) => void }) {
  const { data, isPending, error } = useQuery({
    queryKey: ['safety-picture', kind, id],
    queryFn: async ({ signal }) =>
      unwrap<Picture>(await apiFetch('/api/Tickets/safety', { query: { [`${kind}Id`]: id }, signal })),
  });
  if (error)
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {error.message}
      </Alert>
    );
  if (isPending) return <LinearProgress sx={{ mt: 2 }} aria-label="Loading the safety picture" />;
  return (
    <>
      <Summary picture={data} />
      <BasicsSection basics={data.basics} />
      {data.drivers && <DriversSection drivers={data.drivers} onPick={onPickDriver} />}
      <CodesSection codes={data.codes} />
      <ChallengesSection challenges={data.challenges} showDriver={kind === 'carrier'} />
    </>
  );
}

/** The carrier or driver to show, from the address (?carrierId= or ?driverId=), so the back button and links work. */
function useSubject() {
  const [params, setParams] = useSearchParams();
  const carrierId = Number(params.get('carrierId')) || null;
  const driverId = Number(params.get('driverId')) || null;
  const fromCarrier = Number(params.get('fromCarrier')) || null;
  const kind: Kind = driverId || params.get('kind') === 'driver' ? 'driver' : 'carrier';
  const id = kind === 'driver' ? driverId : carrierId;
  const show = (next: Kind, nextId: number | null, extra: Record<string, string> = {}) =>
    setParams(nextId ? { [`${next}Id`]: String(nextId), ...extra } : { kind: next });
  return { kind, id, fromCarrier, show };
}

/**
 * The safety picture (docs/product/tickets.md#safety): for a carrier or a driver, the roadside-inspection violations of
 * the last 24 months weighted as FMCSA's SMS method does, per BASIC — which drivers and which violations drive the
 * figures — and the DataQs challenges by status with the open ones' deadlines.
 */
export default function SafetyPicture() {
  const { kind, id, fromCarrier, show } = useSubject();
  const carriers = useApiList<Choice>('/api/Carriers/dropdown-list');
  // Drivers who have left still weigh on the carrier's figures for 24 months.
  const drivers = useApiList<Choice>('/api/Driver/GetAllNames?showDeleted=true');
  const list = kind === 'carrier' ? carriers : drivers;
  const options = list.data ?? [];
  const selected = options.find((option) => option.id === id) ?? null;
  const describe = (option: Choice) =>
    option.terminatedOn && option.terminatedOn <= todayIso()
      ? `${option.name} (left ${usDate(option.terminatedOn)})`
      : option.deleted
        ? `${option.name} (deleted)`
        : option.name;
  const backTo = fromCarrier ? carriers.data?.find((c) => c.id === fromCarrier) : undefined;

  return (
    <Box sx={{ p: { xs: 1, md: 2 }, maxWidth: 1200 }}>
      <Title title="Safety picture" />
      <Typography variant="h5" component="h1">
        Safety picture
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        SMS-method weighted sums of the roadside-inspection violations of the last 24 months: each violation’s severity
        (1–10), +2 when it was out of service, at most 30 per inspection and BASIC, times 3, 2 or 1 for an inspection
        0–6, 6–12 or 12–24 months old. These are not FMCSA’s official measures or percentiles.
      </Typography>

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2, alignItems: { sm: 'center' } }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={kind}
          aria-label="Show a carrier or a driver"
          onChange={(_event, next: Kind | null) => next && show(next, null)}
        >
          <ToggleButton value="carrier">Carrier</ToggleButton>
          <ToggleButton value="driver">Driver</ToggleButton>
        </ToggleButtonGroup>
        <Autocomplete<Choice>
          sx={{ flex: 1, maxWidth: { sm: 420 } }}
          options={options}
          value={selected}
          loading={list.isPending}
          getOptionLabel={describe}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          onChange={(_event, option) => show(kind, option?.id ?? null)}
          renderInput={(params) => (
            <TextField
              {...params}
              label={kind === 'carrier' ? 'Carrier' : 'Driver'}
              helperText={list.error ? list.error.message : undefined}
              error={!!list.error}
            />
          )}
        />
        {kind === 'driver' && backTo && (
          <Button onClick={() => show('carrier', backTo.id)}>Back to {backTo.name}</Button>
        )}
      </Stack>

      {id ? (
        <PictureView
          kind={kind}
          id={id}
          onPickDriver={(driverId) => show('driver', driverId, kind === 'carrier' ? { fromCarrier: String(id) } : {})}
        />
      ) : (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {kind === 'carrier' ? 'Choose a carrier to see its picture.' : 'Choose a driver to see their picture.'}
        </Typography>
      )}
    </Box>
  );
}
