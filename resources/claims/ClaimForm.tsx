import { useParams } from 'react-router-dom';
import { localToday } from '../../ui/assignments/dates';
import { DefinitionCreate, DefinitionEdit } from '../../ui/records/DefinitionForms';
import { ClaimInspections } from './ClaimInspections';
import { ClaimWork } from './ClaimWork';
import { DamagedVehicles } from './DamagedVehicles';
import { OrderNumberInput, OrderNumberShown } from './OrderNumberInput';

/** A claim's form at /{id}/edit (or /create/{id}, the original address, kept for old links): its fields, and beside them its work (ClaimWork). */
export function ClaimEditById({ id }: { id?: number }) {
  const params = useParams();
  return (
    <DefinitionEdit
      id={id ?? Number(params.id)}
      inputs={{
        bookOrderId: <OrderNumberShown />,
        vehicles: (
          <>
            <DamagedVehicles />
            <ClaimInspections />
          </>
        ),
      }}
      aside={<ClaimWork beside />}
      asideFrom="xl"
    />
  );
}

/**
 * /create: a new claim, its order typed by number and completed from get-orderIds; once saved it opens at its own
 * address, /{id}/edit, where its steps are worked (a create address would open a blank form on reload or when shared).
 * /create/{id} arrives here too (react-admin routes create/* to the create screen) and is still the claim's form.
 */
export default function ClaimForm() {
  const rest = useParams()['*'] ?? '';
  const id = /^\d+$/.test(rest) ? Number(rest) : null;
  if (id) return <ClaimEditById id={id} />;
  return (
    <DefinitionCreate
      inputs={{
        bookOrderId: <OrderNumberInput source="bookOrderId" />,
        vehicles: (
          <>
            <DamagedVehicles />
            <ClaimInspections />
          </>
        ),
      }}
      defaults={() => ({ receivedOn: localToday() })}
    />
  );
}
