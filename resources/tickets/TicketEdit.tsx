import { useParams } from 'react-router-dom';
import { DefinitionEdit } from '../../ui/records/DefinitionForms';
import { TicketParts } from './TicketParts';

/** A ticket loaded by id: its form in edit mode, and under it its citations and inspection reports. */
export default function TicketEdit() {
  const { id } = useParams();
  return (
    <>
      <DefinitionEdit />
      {id && <TicketParts ticketId={Number(id)} />}
    </>
  );
}
