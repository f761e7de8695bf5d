import { Alert, AlertTitle, Box, Link } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { BooleanInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { apiFetch, unwrap } from '../../dataProvider/http';
import { type DuplicateDto, duplicateText } from '../../schema/duplicates';

/** What the form has typed that a duplicate would share: the load board and its id, the whole VINs. */
function duplicatesAddress(loadBoard: unknown, loadId: unknown, vins: string[]): string | null {
  const params = new URLSearchParams();
  const id = typeof loadId === 'string' ? loadId.trim() : '';
  if (typeof loadBoard === 'string' && id) {
    params.set('loadBoard', loadBoard);
    params.set('loadId', id);
  }
  for (const vin of vins) params.append('vin', vin);
  return params.size ? `/api/BookOrder/duplicates?${params}` : null;
}

/**
 * A new load that looks booked already (docs/product/book-orders.md#duplicates): the orders with the same load board
 * and id, or carrying one of its VINs, each opening in a new tab (the typing here stays); the create is refused
 * until "Not a duplicate" is ticked.
 */
export function DuplicateWarning() {
  const translate = useTranslate();
  const [loadBoard, loadId, vehicles] = useWatch({ name: ['loadBoard', 'externalLoadId', 'vehicles'] }) as [
    unknown,
    unknown,
    { vin?: string }[] | undefined,
  ];
  const vins = (vehicles ?? [])
    .map((v) => (v?.vin ?? '').trim().toUpperCase())
    .filter((vin) => vin.length === 17)
    .sort();
  const address = duplicatesAddress(loadBoard, loadId, vins);
  const { data: duplicates = [] } = useQuery({
    queryKey: ['book-order-duplicates', address],
    queryFn: async ({ signal }) => unwrap<DuplicateDto[]>(await apiFetch(address!, { signal })),
    enabled: address !== null,
    staleTime: 10_000,
  });
  if (!address || !duplicates.length) return null;
  return (
    <Box sx={{ width: '100%' }} role="region" aria-label={translate('haulboard.book_orders.duplicates.title')}>
      <Alert severity="warning" sx={{ mb: 1 }}>
        <AlertTitle>{translate('haulboard.book_orders.duplicates.title')}</AlertTitle>
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {duplicates.map((d) => (
            <li key={`${d.reason}:${d.id}:${d.vin ?? ''}`}>
              <Link href={`/app/books/bookorders/${d.id}/edit`} target="_blank" rel="noopener">
                {duplicateText(d, typeof loadBoard === 'string' ? loadBoard : undefined)}
              </Link>{' '}
              ({translate(`haulboard.book_orders.statuses.${d.status}`)})
            </li>
          ))}
        </Box>
      </Alert>
      <BooleanInput source="allowDuplicate" label="haulboard.book_orders.duplicates.allow" helperText={false} />
    </Box>
  );
}
