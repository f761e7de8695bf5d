import './messages';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useInput, useRecordContext, useTranslate } from 'ra-core';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { filingDeadline } from '../../schema/claims';
import { todayIso } from '../../schema/expiry';
import type { ClaimDto } from '../../schema/resources/claims';
import { usDate } from '../../ui/format';
import { useSettled } from '../../ui/useSettled';
import { type ClaimOrder, useClaimOrder, useOrdersStartingWith } from './orders';

/** What the form says of the chosen order: its delivery, the last day to file on it (9 months), its driver. */
function orderFacts(order: ClaimOrder, translate: ReturnType<typeof useTranslate>): { text: string; late: boolean } {
  const driver = order.driverName
    ? ` · ${translate('haulboard.claims.create.driver', { name: order.driverName })}`
    : '';
  if (!order.deliveredOn)
    return { text: `${translate('haulboard.claims.create.not_delivered')}${driver}`, late: false };
  const deadline = filingDeadline(order.deliveredOn);
  const late = deadline < todayIso();
  const facts = translate(late ? 'haulboard.claims.create.late' : 'haulboard.claims.create.delivered', {
    date: usDate(order.deliveredOn),
    deadline: usDate(deadline),
  });
  return { text: `${facts}${driver}`, late };
}

/**
 * The order a new claim is filed on, typed by its number: after a short pause the orders starting with what was typed
 * are offered (get-orderIds), each with its delivery and driver; the chosen one's filing window is shown (the server
 * refuses a claim filed after it).
 */
export function OrderNumberInput({ source }: { source: string }) {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source, isRequired: true });
  const { getValues, setValue } = useFormContext();
  const [text, setText] = useState('');
  const prefix = useSettled(text.trim().toUpperCase());
  const { data: orders = [], isFetching, error } = useOrdersStartingWith(prefix);
  const { data: chosen = null } = useClaimOrder(field.value as number | null);
  const facts = chosen ? orderFacts(chosen, translate) : null;
  const problem = fieldState.error?.message;
  const helper = error
    ? (error as Error).message
    : problem
      ? translate(problem, { _: problem })
      : (facts?.text ?? translate('haulboard.claims.create.order_help'));
  return (
    <Autocomplete<ClaimOrder>
      options={orders}
      value={chosen}
      inputValue={text}
      onInputChange={(_event, value) => setText(value)}
      onChange={(_event, order) => {
        field.onChange(order?.id ?? null);
        // The claim's driver is the order's, unless the user chose another.
        if (order?.driverId && !getValues('driverId')) setValue('driverId', order.driverId, { shouldDirty: true });
      }}
      onBlur={field.onBlur}
      // The server already found them by prefix.
      filterOptions={(options) => options}
      getOptionLabel={(order) => order.orderNumber}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={isFetching}
      noOptionsText={
        prefix
          ? translate('haulboard.claims.create.order_none', { text: prefix })
          : translate('haulboard.claims.create.order_help')
      }
      renderOption={({ key, ...props }, order) => (
        <Box component="li" key={key} {...props} sx={{ display: 'grid !important', justifyItems: 'start' }}>
          <Typography variant="body1">{order.orderNumber}</Typography>
          <Typography variant="body2" color="text.secondary">
            {[
              order.deliveredOn ? usDate(order.deliveredOn) : null,
              order.driverName,
              order.vehicles.map((v) => [v.year, v.make, v.model].filter(Boolean).join(' ')).join(', '),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate('haulboard.claims.create.order')}
          required
          error={!!problem || !!facts?.late}
          helperText={helper}
        />
      )}
      sx={{ gridColumn: { sm: 'span 2' } }}
    />
  );
}

/** On a saved claim the order is fixed: its number is shown (the claim is deleted and filed again to change it). */
export function OrderNumberShown() {
  const translate = useTranslate();
  const claim = useRecordContext<ClaimDto>();
  return (
    <TextField
      label={translate('haulboard.claims.create.order')}
      value={claim?.orderNumber ?? ''}
      slotProps={{ input: { readOnly: true } }}
      helperText={
        claim?.deliveredOn
          ? translate('haulboard.claims.create.delivered_on', { date: usDate(claim.deliveredOn) })
          : undefined
      }
    />
  );
}
