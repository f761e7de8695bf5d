import { bookOrderInput } from '../../schema/bookOrders';
import { todayIso } from '../../schema/businessDay';
import { RecordCreate } from '../../ui/records/RecordForms';
import { BookOrderInputs, NEW_VEHICLE, defaultDispatcherId } from './BookOrderInputs';
import { DuplicateWarning } from './DuplicateWarning';
import { DispatchRulesWarning, withoutBlankOverride } from './DispatchRulesWarning';

/** The company's day, in its time zone (schema/businessDay.ts), whatever the reader's computer says. */
const today = () => todayIso();

function defaults() {
  return {
    loadBoard: 'Central Dispatch',
    trailerType: 'OPEN',
    paymentMethod: 'ACH',
    paymentTermsDays: 0,
    price: null,
    brokerFee: 0,
    localFee: 0,
    codAmount: 0,
    payOnPickup: false,
    payOnDelivery: false,
    dispatcherId: defaultDispatcherId(),
    pickup: { dateType: 'ESTIMATED', date: today() },
    delivery: { dateType: 'ESTIMATED', date: today() },
    vehicles: [{ ...NEW_VEHICLE }],
  };
}

export default function BookOrderCreate() {
  return (
    <RecordCreate
      schema={bookOrderInput}
      title="haulboard.book_orders.create_title"
      defaultValues={defaults}
      prepare={withoutBlankOverride}
    >
      <BookOrderInputs />
      <DuplicateWarning />
      <DispatchRulesWarning />
    </RecordCreate>
  );
}
