import { registerRecordResource } from '../../ui/records/definitions';

/** Bank rows to match (/app/finances/match-transactions): listed, exported, and each opened to match. */
export const bankRowsResource = registerRecordResource({
  name: 'finances/match-transactions',
  api: '/api/TransactionsMatching/transactions',
  endpoints: { restore: undefined, create: undefined },
});

export const BANK_API = '/api/TransactionsMatching';
export const BANK_SCREEN = '/app/finances/match-transactions';
