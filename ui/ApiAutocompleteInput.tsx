import { AutocompleteInput, type AutocompleteInputProps } from 'react-admin';
import { useApiList } from './useApiList';

interface Choice {
  id: number | string;
  name?: string;
  [key: string]: unknown;
}

/**
 * A searchable dropdown fed by one of the API's list calls, e.g. /api/Driver/GetAllNames. `describe` turns a row
 * into the text shown; the whole list is searched in the browser (these lists are small).
 */
export function ApiAutocompleteInput({
  path,
  describe,
  disableChoice,
  ...props
}: Omit<AutocompleteInputProps, 'choices'> & {
  path: string;
  describe?: (row: Choice) => string;
  disableChoice?: (row: Choice) => boolean;
}) {
  const { data, isPending, error } = useApiList<Choice>(path);
  const choices = (data ?? []).map((row) => ({
    ...row,
    label: describe ? describe(row) : String(row.name ?? row.id),
    disabled: disableChoice?.(row) ?? false,
  }));
  return (
    <AutocompleteInput
      {...props}
      choices={choices}
      optionText="label"
      isPending={isPending}
      helperText={error ? (error as Error).message : props.helperText}
    />
  );
}
