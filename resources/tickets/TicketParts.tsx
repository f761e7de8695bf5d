import '../../ui/tickets/messages';
import { Box, Card, CardContent, Chip, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { ResourceContextProvider, useTranslate } from 'ra-core';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  BASIC_LABELS,
  COURT_RESULT_LABELS,
  INSPECTION_LEVELS,
  PAYMENT_STATUS_LABELS,
  type Basic,
} from '../../schema/tickets';
import type { CitationDto } from '../../schema/resources/citations';
import type { InspectionDto } from '../../schema/resources/inspections';
import { todayIso } from '../../schema/expiry';
import { CreateDialog } from '../../ui/records/CreateDialog';
import { usDate, usMoney } from '../../ui/format';
import { useApiList } from '../../ui/useApiList';
import { useCanAccessFeature } from '../../ui/useCanAccessFeature';
import { SPLIT_INPUTS } from '../../ui/tickets/SplitInputs';
import { INSPECTION_INPUTS } from '../../ui/tickets/ViolationRows';
import { TICKETS } from '../../ui/tickets/PartAside';

const CITATIONS = 'management/citations';
const INSPECTIONS = 'management/inspection-reports';

interface PartsCardProps<T> {
  id: string;
  /** The list call of the ticket's parts. */
  path: string;
  title: (count: number) => string;
  empty: string;
  /** The add dialog, for who may change the ticket. */
  add: ReactNode;
  primary: (item: T) => ReactNode;
  secondary: (item: T) => string;
}

/** A card of a ticket's parts (citations, inspection reports): each opening its form, a new one in a dialog. */
function PartsCard<T extends { id: number }>({ id, path, title, empty, add, primary, secondary }: PartsCardProps<T>) {
  const { data, error } = useApiList<T>(path);
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Typography id={id} variant="h6" component="h2">
            {title(data?.length ?? 0)}
          </Typography>
          {add}
        </Box>
        {error && <Typography color="error">{(error as Error).message}</Typography>}
        <List dense>
          {(data ?? []).map((item) => (
            <ListItem key={item.id} disableGutters>
              <ListItemText primary={primary(item)} secondary={secondary(item)} />
            </ListItem>
          ))}
          {data?.length === 0 && (
            <ListItem disableGutters>
              <ListItemText secondary={empty} />
            </ListItem>
          )}
        </List>
      </CardContent>
    </Card>
  );
}

/** Under the ticket form: its citations (get-citations-by-ticket-id) and inspection reports. */
export function TicketParts({ ticketId }: { ticketId: number }) {
  const translate = useTranslate();
  const canAdd = useCanAccessFeature(TICKETS, 'Update');
  const joined = (parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, mt: 2 }}>
      <PartsCard<CitationDto>
        id="ticket-citations"
        path={`/api/Tickets/get-citations-by-ticket-id/${ticketId}`}
        title={(count) => translate('haulboard.tickets.citations', { smart_count: count })}
        empty={translate('haulboard.tickets.no_citations')}
        add={
          canAdd && (
            <ResourceContextProvider value={CITATIONS}>
              <CreateDialog
                label="haulboard.tickets.add_citation"
                defaultValues={{ ticketId, date: todayIso() }}
                inputs={{ ...SPLIT_INPUTS, ticketId: null }}
              />
            </ResourceContextProvider>
          )
        }
        primary={(c) => (
          <Link
            component={RouterLink}
            to={`/app/${CITATIONS}/${c.id}/edit`}
          >{`${c.citationNumber} · ${usMoney(c.amount)}`}</Link>
        )}
        secondary={(c) =>
          joined([
            usDate(c.date),
            c.violationNumber,
            PAYMENT_STATUS_LABELS[c.paymentStatus],
            translate('haulboard.tickets.split_short', {
              driver: c.driverShare,
              company: c.companyShare,
              pays: usMoney(c.paymentForDriver),
            }),
            c.courtDate
              ? translate('haulboard.tickets.court_on', {
                  date: usDate(c.courtDate),
                  result: COURT_RESULT_LABELS[c.courtResult],
                })
              : null,
          ])
        }
      />
      <PartsCard<InspectionDto>
        id="ticket-inspections"
        path={`/api/InspectionReports?ticketId=${ticketId}&size=100`}
        title={(count) => translate('haulboard.tickets.inspections', { smart_count: count })}
        empty={translate('haulboard.tickets.no_inspections')}
        add={
          canAdd && (
            <ResourceContextProvider value={INSPECTIONS}>
              <CreateDialog
                label="haulboard.tickets.add_inspection"
                defaultValues={{ ticketId, level: INSPECTION_LEVELS[0] }}
                inputs={{ ...INSPECTION_INPUTS, ticketId: null }}
              />
            </ResourceContextProvider>
          )
        }
        primary={(r) => (
          <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Link
              component={RouterLink}
              to={`/app/${INSPECTIONS}/${r.id}/edit`}
            >{`${r.reportNumber} · ${translate('haulboard.tickets.level', { level: r.level })}`}</Link>
            {r.oos && <Chip size="small" color="error" label={translate('haulboard.tickets.out_of_service')} />}
          </Box>
        )}
        secondary={(r) =>
          joined([
            BASIC_LABELS[r.category as Basic],
            translate('haulboard.tickets.violations', { smart_count: r.violations.length }),
            r.challengeStatus !== 'NONE'
              ? translate(`resources.${INSPECTIONS}.choices.challengeStatus.${r.challengeStatus}`)
              : null,
          ])
        }
      />
    </Box>
  );
}
