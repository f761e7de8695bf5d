/** camelCase field keys ↔ snake_case columns, at run time and for the compiler (the table types are derived). */

export type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : S;

export const snakeCase = <S extends string>(key: S) =>
  key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) as SnakeCase<S>;

/** 'unitNumber' → 'Unit number' (the humanised label react-admin would show for a missing one). */
export const humanise = (key: string) => {
  const words = key
    .replace(/([A-Z])/g, ' $1')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * 'Fuel purchases' → 'FuelPurchases', 'Yard spots' → 'YardSpots': each word (letters and digits) with its first letter
 * a capital, joined — how a resource's sidebar entry gets its feature key from its plural (schema/resources navFeaturesOf).
 */
export const pascalWords = (words: string) =>
  words
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');

/** A label inside a sentence: 'Unit number' → 'unit number', but 'VIN' and 'MC number' keep their capitals. */
export const inSentence = (label: string) =>
  label.replace(/\b([A-Z])([a-z])/g, (_, first: string, next: string) => first.toLowerCase() + next);

export type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never;
