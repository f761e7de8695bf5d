import { type Compilable, type CompiledQuery, type RawBuilder, createQueryId, sql } from 'kysely';

/**
 * Kysely builds and compiles a query afresh on every call: 40–80 µs for our joins, as much as running them on
 * SQLite. For hot queries whose shape never changes (the session check of every request, an order by id), build
 * and compile once with marker arguments, then bind the real values per call. Any executor runs the result
 * (`db.executeQuery(q)` or `trx.executeQuery(q)`): the SQL text does not depend on the connection.
 *
 * The arguments must only ever become parameter values (no `if` on them, no arrays spread into `in (…)`), so the
 * SQL is the same for every value; `prepared` checks that each marker reached the parameters exactly once.
 */
export function prepared<Args extends unknown[], Row>(
  build: (...args: Args) => Compilable<Row>,
): (...args: Args) => CompiledQuery<Row> {
  let bind: ((args: readonly unknown[]) => CompiledQuery<Row>) | null = null;
  return (...args: Args) => {
    if (!bind) {
      const markers = markersFor(args.length);
      const template = templateOf(build(...(markers as unknown as Args)).compile(), markers);
      if ('unbound' in template)
        throw new Error(`prepared(): argument ${template.unbound} must be used as exactly one parameter`);
      bind = template.bind;
    }
    return bind(args);
  };
}

/** Objects that stand for the arguments while a template is built: Kysely passes them through as parameter values. */
export const markersFor = (count: number): readonly object[] =>
  Array.from({ length: count }, (_, index) => ({ marker: index }));

/**
 * A query compiled with markers in place of its arguments (markersFor), and how to bind each call's values into it:
 * `unbound` names the first marker that is not exactly one of its parameters (the SQL would depend on its value).
 */
export function templateOf<Row>(
  compiled: CompiledQuery<Row>,
  markers: readonly object[],
): { bind: (args: readonly unknown[]) => CompiledQuery<Row> } | { unbound: number } {
  // Each parameter: the index of the argument it takes, or its own value (-1).
  const args = compiled.parameters.map((value) => markers.indexOf(value as object));
  for (const index of markers.keys()) {
    if (args.filter((arg) => arg === index).length !== 1) return { unbound: index };
  }
  const values = compiled.parameters;
  return {
    bind: (given) => ({
      ...compiled,
      queryId: createQueryId(),
      parameters: args.map((arg, i) => (arg >= 0 ? given[arg] : values[i])),
    }),
  };
}

/**
 * Compiled queries kept by key (least recently used dropped first), for queries whose shape varies with the input but
 * repeats: a list refreshed, paged back and forth, or opened by several dispatchers with the same filter. The key
 * must hold everything the SQL and its parameters depend on.
 */
export function compiledCache<Input, Compiled extends Record<string, CompiledQuery<unknown>>>(
  max: number,
  keyOf: (input: Input) => string,
  compile: (input: Input) => Compiled,
) {
  const cache = new Map<string, Compiled>();
  return (input: Input): Compiled => {
    const key = keyOf(input);
    let compiled = cache.get(key);
    if (compiled) cache.delete(key);
    else compiled = compile(input);
    cache.set(key, compiled);
    if (cache.size > max) cache.delete(cache.keys().next().value!);
    // Each run gets its own query id (Kysely's plugins tell runs apart by it).
    return Object.fromEntries(
      Object.entries(compiled).map(([name, query]) => [name, { ...query, queryId: createQueryId() }]),
    ) as Compiled;
  };
}

/**
 * LIMIT and OFFSET written into the SQL, not bound. PostgreSQL plans a named statement generically only when that plan
 * looks no worse than one made for the values; with the LIMIT a parameter it cannot tell a page of 20 from a scan of
 * the whole range, so it planned the list's page queries afresh on every call (the dispatch board's five windows:
 * 271 boards/s from PostgreSQL with 10 clients, against 664 with the numbers in the text). Both are validated
 * integers, and the texts are few (the sizes and pages people use), so the statements are still prepared once.
 */
export function literalPage<Q extends { limit(value: RawBuilder<number>): Q }>(
  query: Q,
  page: number,
  size: number,
): Q {
  if (!Number.isSafeInteger(page) || !Number.isSafeInteger(size) || page < 0 || size < 1)
    throw new Error(`literalPage(): a page ${page} of ${size}`);
  const limited = query.limit(sql.lit(size)) as Q & { offset(value: RawBuilder<number>): Q };
  return page ? limited.offset(sql.lit(page * size)) : limited;
}
