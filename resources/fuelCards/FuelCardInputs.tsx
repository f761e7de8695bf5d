import { DateInput, NumberInput, SelectInput, TextInput } from 'react-admin';
import { useRecordContext, useTranslate } from 'ra-core';
import type { FuelCardDto } from '../../schema/fleet';
import { FormSection } from '../../src/common/records/FormSection';
import { CarrierInput } from '../../src/common/records/pickers';
import { providerChoices, statusChoices } from './choices';

const f = (key: string) => `haulboard.fuel_cards.fields.${key}`;

/** A new card needs its number; an existing one keeps it unless a new number is typed (to replace the card). */
function CardNumberInput() {
  const translate = useTranslate();
  const card = useRecordContext<FuelCardDto>();
  return card
    ? <TextInput source="cardNumber" label={f('new_card_number')} helperText={translate('haulboard.fuel_cards.new_card_number_help', { masked: card.maskedNumber })} autoComplete="off" />
    : <TextInput source="cardNumber" label={f('card_number')} helperText="haulboard.fuel_cards.card_number_help" isRequired autoComplete="off" />;
}

/** An empty "replace card number" means keep the card: it is left out of the update. */
export function prepareFuelCard(values: Record<string, unknown>): Record<string, unknown> {
  const { cardNumber, ...rest } = values;
  return cardNumber ? { ...rest, cardNumber } : rest;
}

/** The fuel-card form, shared by create and edit; rules from schema/fleet.ts. */
export function FuelCardInputs() {
  return (
    <FormSection title="haulboard.fuel_cards.sections.card" columns={3}>
      <CardNumberInput />
      <SelectInput source="provider" label={f('provider')} choices={providerChoices} isRequired />
      <DateInput source="expiresOn" label={f('expires_on')} isRequired />
      <SelectInput source="status" label="haulboard.people.fields.status" choices={statusChoices} isRequired />
      <NumberInput source="limit" label={f('limit')} min={0} step={0.01} />
      <CarrierInput source="carrierId" label="haulboard.people.fields.carrier" />
    </FormSection>
  );
}
