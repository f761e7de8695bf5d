import { AutocompleteArrayInput, type AutocompleteArrayInputProps } from 'react-admin';
import { ApiAutocompleteInput } from '../../src/common/ApiAutocompleteInput';
import { useApiList } from '../../src/common/useApiList';

const ROLES = '/api/Role/get-all-roles';

/** The roles a user holds (several), from the server's role list. */
export function RolesInput(props: Omit<AutocompleteArrayInputProps, 'choices'>) {
  const { data, isPending } = useApiList<{ id: number; name: string }>(ROLES);
  return <AutocompleteArrayInput {...props} choices={data ?? []} isPending={isPending} />;
}

/** One role, for the list's filter. */
export const RoleFilterInput = (props: { source: string; label: string }) => <ApiAutocompleteInput {...props} path={ROLES} />;
