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
  placeholderData: () => (getGroups().length ? getGroups() : undefined),
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
