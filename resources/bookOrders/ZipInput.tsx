import { TextInput, type TextInputProps, useTranslate } from 'react-admin';
import { useFill, useLookup } from './lookup';

interface ZipPlace {
  zip: string;
  city: string;
  state: string;
  stateId: number | null;
}

/** A stop's ZIP that fills its city and state where they are empty (GET /api/Reference/zip/{zip}). */
export function ZipInput(props: TextInputProps) {
  const translate = useTranslate();
  const { found, unknown, sibling } = useLookup<ZipPlace>(
    props.source,
    (zip) => /^\d{5}$/.test(zip),
    (zip) => `/api/Reference/zip/${zip}`,
  );
  useFill(found, sibling, () => ({ city: found?.city, stateId: found?.stateId }));
  const said = found
    ? `${found.city}, ${found.state}`
    : unknown
      ? translate('haulboard.book_orders.zip_unknown')
      : undefined;
  return <TextInput {...props} helperText={said ?? props.helperText} />;
}
