import { useQuery } from '@tanstack/react-query';
import { SelectInput } from 'react-admin';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { apiFetch, unwrap } from '../../dataProvider/http';

interface CategoryTypes {
  categories: string[];
  default?: string;
}

/**
 * The accounting category, from GET /api/Invoices/get-category-types: its list, and the category the
 * chosen type starts with — filled in when the type changes on a new entry, unless the user chose one already.
 */
export function CategoryInput({ source = 'category', followType = false }: { source?: string; followType?: boolean }) {
  const type = useWatch({ name: 'type' }) as string | undefined;
  const { setValue, getFieldState } = useFormContext();
  const { data, isError } = useQuery({
    queryKey: ['category-types', followType ? type : null],
    queryFn: async () =>
      unwrap<CategoryTypes>(
        await apiFetch(`/api/Invoices/get-category-types${followType && type ? `?type=${type}` : ''}`),
      ),
    staleTime: 10 * 60_000,
  });
  useEffect(() => {
    if (followType && data?.default && !getFieldState(source).isDirty) setValue(source, data.default);
  }, [followType, data?.default, source, setValue, getFieldState]);
  return (
    <SelectInput
      source={source}
      choices={(data?.categories ?? []).map((name) => ({ id: name, name }))}
      isPending={!data && !isError}
      helperText={isError ? 'haulboard.app.load_problem' : undefined}
    />
  );
}
