import { TextInput, type TextInputProps, useTranslate } from 'react-admin';
import { type DecodedVin, isValidVin } from '../../schema/vin';
import { useFill, useLookup } from './lookup';

/**
 * A vehicle's VIN that fills the rest of its row (GET /api/Vin/{vin}, the national VIN database on the server): year,
 * make and model where the dispatcher has not typed them, and the vehicle type while it is still the one the row
 * started with. Under the field: what the VIN says, or that it is unknown.
 */
export function VinInput(props: TextInputProps) {
  const translate = useTranslate();
  const { found, unknown, sibling } = useLookup<DecodedVin>(props.source, isValidVin, (vin) => `/api/Vin/${vin}`);
  useFill(found, sibling, () => ({ year: found?.year, make: found?.make, model: found?.model, type: found?.type }), [
    'type',
  ]);
  const said = found
    ? translate('haulboard.book_orders.vin_decoded', {
        vehicle: [found.year, found.make, found.model].filter(Boolean).join(' '),
      })
    : unknown
      ? translate('haulboard.book_orders.vin_unknown')
      : undefined;
  return <TextInput {...props} helperText={said ?? props.helperText} />;
}
