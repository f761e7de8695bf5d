import { type Compilable, type CompiledQuery, createQueryId } from 'kysely';

/**
 * Kysely builds and compiles a query afresh on every call: 40–80 µs for our joins, as much as running them on
 * SQLite. For hot queries whose shape never changes (the session check of every request, an order by id), build
 * and compile once with marker arguments, then bind the real values per call. Any executor runs the result
 * (`db.executeQuery(q)` or `trx.executeQuery(q)`): the SQL text does not depend on the connection.
 *
 * The arguments must only ever become parameter values (no `if` on them, no arrays spread into `in (…)`), so the
 * SQL is the same for every value; `prepared` checks that each marker reached the parameters exactly once.
 */
export function prepared<Args extends unknown[], Row>(build: (...args: Args) => Compilable<Row>): (...args: Args) => CompiledQuery<Row> {
  let template: { compiled: CompiledQuery<Row>; slots: ({ arg: number } | { value: unknown })[] } | null = null;
  return (...args: Args) => {
    if (!template) {
      const markers = args.map((_, index) => ({ marker: index }));
      const compiled = build(...(markers as unknown as Args)).compile();
      const slots = compiled.parameters.map((value) => {
        const arg = markers.indexOf(value as (typeof markers)[number]);
        return arg >= 0 ? { arg } : { value };
      });
      for (const index of markers.keys()) {
        if (slots.filter((slot) => 'arg' in slot && slot.arg === index).length !== 1) throw new Error(`prepared(): argument ${index} must be used as exactly one parameter`);
      }
      template = { compiled, slots };
    }
    const { compiled, slots } = template;
    return { ...compiled, queryId: createQueryId(), parameters: slots.map((slot) => ('arg' in slot ? args[slot.arg] : slot.value)) };
  };
}

/**
 * Compiled queries kept by key (least recently used dropped first), for queries whose shape varies with the input but
 * repeats: a list refreshed, paged back and forth, or opened by several dispatchers with the same filter. The key
 * must hold everything the SQL and its parameters depend on.
 */
export function compiledCache<Input, Compiled extends Record<string, CompiledQuery<unknown>>>(max: number, keyOf: (input: Input) => string, compile: (input: Input) => Compiled) {
  const cache = new Map<string, Compiled>();
  return (input: Input): Compiled => {
    const key = keyOf(input);
    let compiled = cache.get(key);
    if (compiled) cache.delete(key);
    else compiled = compile(input);
    cache.set(key, compiled);
    if (cache.size > max) cache.delete(cache.keys().next().value!);
    // Each run gets its own query id (Kysely's plugins tell runs apart by it).
    return Object.fromEntries(Object.entries(compiled).map(([name, query]) => [name, { ...query, queryId: createQueryId() }])) as Compiled;
  };
}
