/** Choices for selects; names are translation keys so every label comes from the catalogue. */
export const keyedChoices = (prefix: string, values: readonly string[]) =>
  values.map((id) => ({ id, name: `${prefix}.${id}` }));
/** Choices whose value is also what the user reads (load boards, payment methods). */
export const plainChoices = (values: readonly string[]) => values.map((id) => ({ id, name: id }));
/** A yes/no filter as text, so that "no" is a filter too (false toggles are left out of the query). */
export const yesNoChoices = (yes: string, no: string) => [
  { id: 'true', name: yes },
  { id: 'false', name: no },
];
