import type { CurrentUserDto } from '../schema/auth';

/** What the app keeps in localStorage between visits. A 401 clears it all (docs/product/shell.md#failure-messages). */
export const TOKEN_KEY = 'accessToken';
export const USER_KEY = 'user';
export const FEATURES_KEY = 'features';

/** The signed-in user as the server answers it (schema/auth.ts). */
export type CurrentUser = CurrentUserDto;

export interface Feature {
  id: number;
  title: string;
  uri: string;
  icon: string;
  parentFeatureId: number | null;
  permissions: string[];
}

export interface FeatureGroup {
  id: number;
  name: string;
  isDefaultgroup: boolean;
  features: Feature[];
}

function read<T>(key: string): T | null {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null') as T | null;
  } catch {
    return null;
  }
}

export const getToken = () => localStorage.getItem(TOKEN_KEY);
export const getUser = () => read<CurrentUser>(USER_KEY);
/** Parsed once per stored value: every access check and list row asks for it (the same array while it is unchanged). */
let groupsCache: { raw: string | null; groups: FeatureGroup[] } | null = null;
export function getGroups(): FeatureGroup[] {
  const raw = localStorage.getItem(FEATURES_KEY);
  if (groupsCache?.raw !== raw) groupsCache = { raw, groups: read<FeatureGroup[]>(FEATURES_KEY) ?? [] };
  return groupsCache.groups;
}

export function saveSession(token: string, user: CurrentUser): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}
export const saveUser = (user: CurrentUser) => localStorage.setItem(USER_KEY, JSON.stringify(user));
export const saveGroups = (groups: FeatureGroup[]) => localStorage.setItem(FEATURES_KEY, JSON.stringify(groups));

/** Everything but the user's own display settings, the app version and the install-prompt answer goes. */
export function clearSession(): void {
  const keep = ['settings', 'version', 'installPrompt'].map((key) => [key, localStorage.getItem(key)] as const);
  localStorage.clear();
  for (const [key, value] of keep) if (value !== null) localStorage.setItem(key, value);
}
