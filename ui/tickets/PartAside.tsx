import './messages';
import { Alert, Box, Link } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { DocumentOwnerType } from '../../schema/documents';
import { DocumentList } from '../documents/DocumentList';
import { useCanAccessFeature } from '../useCanAccessFeature';

export const TICKETS = 'management/ticket-management';

/** A citation's or an inspection report's save returns to the ticket it belongs to. */
export const toTicket = (_resource?: string, _id?: unknown, data?: Record<string, unknown>) =>
  data?.ticketId ? `${TICKETS}/${data.ticketId}/edit` : 'list';

interface PartAsideProps {
  part: { id: number; ticketId: number; ticketTitle: string; deleted: boolean };
  ownerType: DocumentOwnerType;
  /** After the ticket's link: the stop's date, the driver … */
  about: ReactNode;
  /** Between the ticket and the documents (the ledger entry of a citation). */
  children?: ReactNode;
}

/** Beside a citation or an inspection report: its ticket, what else it says, and its scanned documents. */
export function PartAside({ part, ownerType, about, children }: PartAsideProps) {
  const translate = useTranslate();
  const canEdit = useCanAccessFeature(TICKETS, 'Update');
  return (
    <Box
      sx={{ display: 'grid', gap: 2, alignContent: 'start', ml: { md: 2 }, mt: { xs: 2, md: 0 }, width: { md: 360 } }}
    >
      <Alert severity="info" icon={false}>
        <Link component={RouterLink} to={`/app/${TICKETS}/${part.ticketId}/edit`}>
          {translate('haulboard.tickets.open_ticket', { title: part.ticketTitle })}
        </Link>
        {about}
      </Alert>
      {children}
      <DocumentList ownerType={ownerType} ownerId={part.id} canEdit={canEdit && !part.deleted} />
    </Box>
  );
}
