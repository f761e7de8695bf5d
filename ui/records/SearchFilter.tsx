import { SearchInput, type SearchInputProps } from 'react-admin';
import { useTranslate } from 'ra-core';

/** The list's search box, always shown, labelled by its placeholder (what it searches). */
export function SearchFilter({ placeholder, ...props }: SearchInputProps & { placeholder: string }) {
  const translate = useTranslate();
  const text = translate(placeholder);
  return <SearchInput {...props} placeholder={text} slotProps={{ htmlInput: { 'aria-label': text } }} />;
}
