import { useQuery } from '@tanstack/react-query';
import { type FeatureGroup, getGroups, saveGroups } from '../../dataProvider/session';
import { accessApi } from '../../dataProvider/access';

export const FEATURES_QUERY_KEY = ['features'];

/** The query of the feature list, for hooks that select from it (useCanAccessFeature). */
export const featureGroupsQuery = {
  queryKey: FEATURES_QUERY_KEY,
  queryFn: async (): Promise<FeatureGroup[]> => {
    const groups = await accessApi.features();
    saveGroups(groups);
    return groups;
  },
  // The list kept from the last visit, as the query's data (stale, so it is fetched again at once): when the server
  // answers the same, react-query keeps the same objects and the sidebar does not draw itself again.
  initialData: () => (getGroups().length ? getGroups() : undefined),
  initialDataUpdatedAt: 0,
  staleTime: 60_000,
  retry: 1,
};

/**
 * The caller's sidebar layout from /api/Auth/features/get. Kept in react-query and mirrored into localStorage,
 * because the route guards (canAccess) read it synchronously.
 */
export function useFeatureGroups() {
  return useQuery(featureGroupsQuery);
}
