import './messages';
import { useRecordContext, useTranslate } from 'ra-core';
import { ArrayInput, SelectInput, SimpleFormIterator, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { ClaimDto } from '../../schema/resources/claims';
import { useClaimOrder } from './orders';

/**
 * The damaged vehicles of a claim: each a vehicle of the claim's order (by VIN, year, make and model) and what
 * happened to it. Until an order is chosen there is nothing to choose from, and the form says so.
 */
export function DamagedVehicles() {
  const translate = useTranslate();
  const claim = useRecordContext<ClaimDto>();
  const orderId = useWatch({ name: 'bookOrderId' }) as number | null | undefined;
  const { data: order } = useClaimOrder(orderId, claim?.orderNumber);
  const choices = (order?.vehicles ?? []).map((v) => ({
    id: v.id,
    name: `${v.vin} · ${[v.year, v.make, v.model].filter(Boolean).join(' ')}`,
  }));
  return (
    <ArrayInput
      source="vehicles"
      label={false}
      helperText={order ? false : translate('haulboard.claims.create.choose_order_first')}
    >
      <SimpleFormIterator inline disableReordering disableAdd={!order}>
        <SelectInput
          source="bookOrderVehicleId"
          choices={choices}
          isRequired
          sx={{ minWidth: { xs: '100%', sm: 380 } }}
        />
        <TextInput source="damage" sx={{ minWidth: { xs: '100%', sm: 320 } }} />
      </SimpleFormIterator>
    </ArrayInput>
  );
}
