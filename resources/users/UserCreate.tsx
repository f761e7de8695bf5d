import { userCreate } from '../../schema/people';
import { RecordCreate } from '../../src/common/records/RecordForms';
import { UserInputs } from './UserInputs';

export default function UserCreate() {
  return <RecordCreate schema={userCreate} title="haulboard.users.create_title" defaultValues={{ roleIds: [] }}><UserInputs /></RecordCreate>;
}
