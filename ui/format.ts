/** The screens format as the statements and exports do: one rule, in schema/format.ts. */
export { signedMoney, usCents, usDate, usDateTime, usMoney } from '../schema/format';
