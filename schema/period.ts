/**
 * The shared period filter of the lists (docs/product/conventions.md#lists): book orders by pickup date, the
 * driver ledger by posting date, balances. One rule, so "this week" means the same everywhere.
 */
export const PERIODS = ['current', 'this_week', 'last_week', 'this_month', 'last_month', 'custom', 'all'] as const;
export type Period = (typeof PERIODS)[number];

/** The date range a period covers, from `today` (YYYY-MM-DD); weeks start on Monday. */
export function periodRange(period: Period, today: string, from?: string, to?: string): { from?: string; to?: string } {
  const day = new Date(`${today}T00:00:00Z`);
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);
  const monday = addDays(day, -((day.getUTCDay() + 6) % 7));
  switch (period) {
    case 'current':
      // The live board: loads picked up in the last 7 days and everything ahead.
      return { from: iso(addDays(day, -7)) };
    case 'this_week':
      return { from: iso(monday), to: iso(addDays(monday, 6)) };
    case 'last_week':
      return { from: iso(addDays(monday, -7)), to: iso(addDays(monday, -1)) };
    case 'this_month':
      return {
        from: iso(new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1))),
        to: iso(new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 0))),
      };
    case 'last_month':
      return {
        from: iso(new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() - 1, 1))),
        to: iso(new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 0))),
      };
    case 'custom':
      return { from, to };
    case 'all':
      return {};
  }
}

/** The Monday a business date's week starts on (weeks run Monday to Sunday). */
export function weekStart(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
}
