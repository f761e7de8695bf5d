import '../../ui/tickets/messages';
import { Alert, Link } from '@mui/material';
import { useRecordContext, useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import type { CitationDto } from '../../schema/resources/citations';
import { usDate, usMoney } from '../../ui/format';
import { DefinitionEdit } from '../../ui/records/DefinitionForms';
import { PartAside, toTicket } from '../../ui/tickets/PartAside';
import { SPLIT_INPUTS } from '../../ui/tickets/SplitInputs';

/** Beside a citation: its ticket and driver, the driver's share on the ledger, and its scanned documents. */
function CitationAside() {
  const translate = useTranslate();
  const citation = useRecordContext<CitationDto>();
  if (!citation) return null;
  return (
    <PartAside part={citation} ownerType="citation" about={citation.driverName && <> · {citation.driverName}</>}>
      <Alert severity={citation.ledgerEntryId ? 'success' : 'info'} icon={false}>
        {citation.ledgerEntryId ? (
          <>
            {translate('haulboard.tickets.share_posted', {
              amount: usMoney(citation.paymentForDriver),
              date: usDate(citation.paidOn),
            })}{' '}
            <Link component={RouterLink} to={`/app/finances/driver-transactions/${citation.ledgerEntryId}/edit`}>
              {translate('haulboard.transactions.open_entry', { id: citation.ledgerEntryId })}
            </Link>
          </>
        ) : (
          translate('haulboard.tickets.share_not_posted')
        )}
      </Alert>
    </PartAside>
  );
}

/** A citation: the definition's form with the split shown live; a save returns to its ticket. */
export default function CitationEdit() {
  return <DefinitionEdit inputs={SPLIT_INPUTS} aside={<CitationAside />} redirect={toTicket} />;
}
