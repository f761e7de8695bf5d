import { Edit, SimpleForm } from 'react-admin';
import { useRecordContext } from 'ra-core';
import { bookOrderUpdate } from '../../schema/bookOrders';
import { LoadProblem } from '../../src/common/LoadProblem';
import { zodResolver } from '../../src/common/zodResolver';
import { BookOrderActions } from './BookOrderActions';
import { BookOrderInputs } from './BookOrderInputs';
import { ConflictToolbar } from './ConflictToolbar';
import { StatusHistory } from './StatusHistory';

function Title() {
  const record = useRecordContext<{ orderNumber: string }>();
  return <>{record?.orderNumber ?? ''}</>;
}

export default function BookOrderEdit() {
  return (
    <Edit mutationMode="pessimistic" actions={<BookOrderActions />} aside={<StatusHistory />} title={<Title />} error={<LoadProblem />}>
      <SimpleForm resolver={zodResolver(bookOrderUpdate)} mode="onTouched" reValidateMode="onChange" toolbar={<ConflictToolbar />}>
        <BookOrderInputs />
      </SimpleForm>
    </Edit>
  );
}
