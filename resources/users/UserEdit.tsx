import { type UserDto, userUpdate } from '../../schema/people';
import { RecordEdit } from '../../src/common/records/RecordForms';
import { UserActions } from './UserActions';
import { UserInputs } from './UserInputs';

export default function UserEdit() {
  return <RecordEdit<UserDto> schema={userUpdate} title={(user) => user.name} actions={<UserActions />}><UserInputs /></RecordEdit>;
}
