import '../../ui/tickets/messages';
import ShieldIcon from '@mui/icons-material/Shield';
import { Button } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link } from 'react-router-dom';
import { usDate, usMoney } from '../../ui/format';
import DefinitionList from '../../ui/records/DefinitionList';
import { useCanAccessFeature } from '../../ui/useCanAccessFeature';
import { TicketCreateDialog } from './TicketCreateDialog';

const RESOURCE = 'management/ticket-management';

/** Tickets: the filtered list (get-filtered-tickets, 10 a page), a new ticket in steps, the way to the safety picture. */
export default function TicketList() {
  const translate = useTranslate();
  const canCreate = useCanAccessFeature(RESOURCE, 'Create');
  return (
    <DefinitionList
      columns={[
        'date',
        'type',
        'status',
        'priority',
        'reportNumber',
        'driverId',
        'carrierId',
        'stateId',
        'userId',
        'citationCount',
        'inspectionCount',
        'amount',
        'nextCourtDate',
        'truckId',
        'trailerId',
      ]}
      render={{
        amount: (row) => usMoney(row.amount as number),
        nextCourtDate: (row) => (row.nextCourtDate ? usDate(row.nextCourtDate as string) : ''),
      }}
      actions={
        <>
          {canCreate && <TicketCreateDialog />}
          <Button size="small" component={Link} to={`/app/${RESOURCE}/safety`} startIcon={<ShieldIcon />}>
            {translate('haulboard.tickets.safety.open')}
          </Button>
        </>
      }
    />
  );
}
