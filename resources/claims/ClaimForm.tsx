import { useParams } from 'react-router-dom';
import { claims } from '../../schema/resources/claims';
import { localToday } from '../../ui/assignments/dates';
import { DefinitionCreate, DefinitionEdit } from '../../ui/records/DefinitionForms';
import { ClaimWork } from './ClaimWork';
import { DamagedVehicles } from './DamagedVehicles';
import { OrderNumberInput, OrderNumberShown } from './OrderNumberInput';

/** A claim's form at /create/{id} (SPEC.md §2) or /{id}: its fields, and beside them its work (ClaimWork). */
export function ClaimEditById({ id }: { id?: number }) {
  const params = useParams();
  return (
    <DefinitionEdit
      id={id ?? Number(params.id)}
      inputs={{ bookOrderId: <OrderNumberShown />, vehicles: <DamagedVehicles /> }}
      aside={<ClaimWork beside />}
      asideFrom="xl"
    />
  );
}

/**
 * /create: a new claim, its order typed by number and completed from get-orderIds; once saved it opens at
 * /create/{id}, where its steps are worked. /create/{id} arrives here too (react-admin routes create/* to the create
 * screen) and is the claim's form.
 */
export default function ClaimForm() {
  const rest = useParams()['*'] ?? '';
  const id = /^\d+$/.test(rest) ? Number(rest) : null;
  if (id) return <ClaimEditById id={id} />;
  return (
    <DefinitionCreate
      inputs={{ bookOrderId: <OrderNumberInput source="bookOrderId" />, vehicles: <DamagedVehicles /> }}
      createdAt={(created) => `${claims.name}/create/${created}`}
      defaults={() => ({ receivedOn: localToday() })}
    />
  );
}
