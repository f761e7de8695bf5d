import { sql } from 'kysely';

/** The day an order was delivered: its actual delivery, else (not delivered) the day it was due — 49 U.S.C. 14706(e). */
export const deliveredOnSql = (alias: string) =>
  sql<string>`coalesce(substr(${sql.ref(`${alias}.delivery_actual_at`)}, 1, 10), ${sql.ref(`${alias}.delivery_date`)})`;
