/** The status filter of the users list, as the API takes it (the status itself is computed by the server). */
export const STATUS_FILTERS = [
  { status: 'active', value: { isActive: 'true' } },
  { status: 'inactive', value: { isActive: 'false' } },
  { status: 'pending', value: { pending: true } },
  { status: 'registering', value: { registering: true } },
] as const;
