import type { Reference } from './types';

/** References several records make, with one message each. */
export const stateReference = <Input>(field: string, value: (input: Input) => number | null | undefined): Reference<Input> => ({
  field, value, table: 'states', message: 'Choose a US state or territory',
});

export const carrierReference = <Input>(value: (input: Input) => number | null | undefined): Reference<Input> => ({
  field: 'carrierId', value, table: 'carriers', live: true, message: 'Choose one of the company’s carriers',
});
