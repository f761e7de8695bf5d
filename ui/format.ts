/** The screens format as the statements, exports and messages do: one rule, in schema/format.ts. */
export * from '../schema/format';
