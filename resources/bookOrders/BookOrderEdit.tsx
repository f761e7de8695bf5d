import { bookOrderUpdate } from '../../schema/bookOrders';
import { RecordEdit } from '../../ui/records/RecordForms';
import { BookOrderActions } from './BookOrderActions';
import { BookOrderInputs } from './BookOrderInputs';
import { DispatchRulesWarning, withoutBlankOverride } from './DispatchRulesWarning';
import { OrderInspections } from './OrderInspections';
import { StatusHistory } from './StatusHistory';
import { TrackingActions } from './TrackingActions';

export default function BookOrderEdit() {
  return (
    <RecordEdit<{ orderNumber: string }>
      schema={bookOrderUpdate}
      title={(order) => order.orderNumber}
      prepare={withoutBlankOverride}
      actions={<BookOrderActions />}
      aside={<StatusHistory />}
      conflictMessage="haulboard.book_orders.conflict.message"
    >
      <BookOrderInputs />
      <DispatchRulesWarning />
      <TrackingActions />
      <OrderInspections />
    </RecordEdit>
  );
}
