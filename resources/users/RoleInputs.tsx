import { AutocompleteArrayInput, type AutocompleteArrayInputProps } from 'react-admin';
import { useApiList } from '../../ui/useApiList';

/** The roles a user holds (several), from the server's role list. */
export function RolesInput(props: Omit<AutocompleteArrayInputProps, 'choices'>) {
  const { data, isPending } = useApiList<{ id: number; name: string }>('/api/Role/get-all-roles');
  return <AutocompleteArrayInput {...props} choices={data ?? []} isPending={isPending} />;
}
