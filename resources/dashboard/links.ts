/** A list's address with its filter, as react-admin reads it (?filter=<json>). */
export const listLink = (route: string, filter?: object) =>
  filter ? `${route}?filter=${encodeURIComponent(JSON.stringify(filter))}` : route;
