import { DefinitionCreate, DefinitionEdit } from '../../ui/records/DefinitionForms';
import { RolesInput } from './RoleInputs';
import { UserActions } from './UserActions';

const inputs = { roleIds: <RolesInput source="roleIds" isRequired /> };

export const UserCreate = () => <DefinitionCreate inputs={inputs} />;
export const UserEdit = () => <DefinitionEdit inputs={inputs} actions={<UserActions />} />;
