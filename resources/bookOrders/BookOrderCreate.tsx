import { Create, SimpleForm } from 'react-admin';
import { getUser } from '../../authProvider/storage';
import { zodResolver } from '../../src/common/zodResolver';
import { bookOrderInput } from '../../schema/bookOrders';
import { BookOrderInputs } from './BookOrderInputs';

const today = () => new Date().toISOString().slice(0, 10);

function defaults() {
  const user = getUser();
  return {
    loadBoard: 'Central Dispatch', trailerType: 'OPEN', paymentMethod: 'ACH', paymentTermsDays: 0, price: null, brokerFee: 0, localFee: 0, codAmount: 0,
    payOnPickup: false, payOnDelivery: false,
    dispatcherId: user?.roles.includes('Dispatcher') ? user.id : null,
    pickup: { dateType: 'ESTIMATED', date: today() },
    delivery: { dateType: 'ESTIMATED', date: today() },
    vehicles: [{ type: 'SEDAN', price: 0, inoperable: false }],
  };
}

export default function BookOrderCreate() {
  return (
    <Create redirect={(_resource, id) => `books/bookorders/${id}/edit`} title="haulboard.book_orders.create_title">
      <SimpleForm defaultValues={defaults} resolver={zodResolver(bookOrderInput)} mode="onTouched" reValidateMode="onChange">
        <BookOrderInputs />
      </SimpleForm>
    </Create>
  );
}
