import type { Field } from '../../schema/define/fields';
import { type AnyResource, listFilters } from '../../schema/define/resource';
import { FEATURES } from '../../schema/features';

/**
 * The catalogue of a definition in react-admin's convention (resources.<name>.fields.<field>, .name with its
 * plural), from the labels the definition declares once: inputs and columns need no `label=`, and the words of
 * choices, sections, filters and the search box come from the same place.
 */
export function resourceMessages(def: AnyResource) {
  const fields: Record<string, string> = {};
  const choices: Record<string, Record<string, string>> = {};
  const help: Record<string, string> = {};
  const add = (path: string, field: Field) => {
    fields[path] = field.flags.label;
    if (field.choices) choices[path] = { ...field.choices.labels };
    if (field.flags.help) help[path] = field.flags.help;
    for (const [sub, inner] of Object.entries(field.group?.fields ?? field.rows?.fields ?? {}))
      add(`${path}.${sub}`, inner);
  };
  for (const [key, field] of Object.entries(def.fields as Record<string, Field>)) add(key, field);
  for (const [key, filter] of Object.entries(listFilters(def))) {
    fields[key] ??= filter.label;
    if (filter.choices) choices[key] ??= { ...filter.choices.labels };
  }
  if (def.expiring.length) fields.expiry = 'Expirations';
  return {
    name: `${def.singular} |||| ${def.plural}`,
    // The screen is titled as the sidebar names it: its feature's title when it is the feature's screen.
    title: FEATURES.find((feature) => feature.uri === def.route)?.title ?? def.plural,
    create_title: `New ${def.singular.toLowerCase()}`,
    search: def.searchHint,
    fields,
    choices,
    help,
    sections: { ...def.sections },
    // react-admin's toasts read these before its own "Element created": every toast names what it is about.
    notifications: {
      created: `${def.singular} created`,
      updated: `${def.singular} saved`,
      deleted: `${def.singular} deleted`,
      restored: `${def.singular} restored`,
    },
    ...(def.loadProblem ? { load_problem: def.loadProblem } : {}),
  };
}

export const catalogueOf = (defs: readonly AnyResource[]) =>
  Object.fromEntries(defs.map((def) => [def.name, resourceMessages(def)]));
