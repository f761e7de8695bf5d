import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'ra-core';
import { type FeatureGroup, saveGroups } from '../../../dataProvider/session';
import { accessApi } from '../../../dataProvider/access';
import { FEATURES_QUERY_KEY } from '../../../ui/access/useFeatureGroups';

/** A layout change: the server answers with the whole new layout, which replaces ours; errors become toasts. */
export function useLayoutMutation<T>(
  call: (input: T) => Promise<FeatureGroup[]>,
  successMessage: (input: T) => [string, Record<string, unknown>?],
) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: call,
    onSuccess: (groups, input) => {
      saveGroups(groups);
      queryClient.setQueryData(FEATURES_QUERY_KEY, groups);
      const [message, messageArgs] = successMessage(input);
      notify(message, { type: 'success', messageArgs });
    },
    onError: (error: Error) => notify(error.message || 'haulboard.app.something_went_wrong', { type: 'error' }),
  });
}

export function useLayoutActions() {
  return {
    add: useLayoutMutation(
      (name: string) => accessApi.addGroup(name),
      () => ['haulboard.sidebar.group_added'],
    ),
    rename: useLayoutMutation(
      ({ groupId, name }: { groupId: number; name: string }) => accessApi.renameGroup(groupId, name),
      () => ['haulboard.sidebar.group_renamed'],
    ),
    remove: useLayoutMutation(
      (groupId: number) => accessApi.removeGroup(groupId),
      () => ['haulboard.sidebar.group_deleted'],
    ),
    move: useLayoutMutation(
      ({ groupId, featureId }: { groupId: number; featureId: number; title: string; group: string }) =>
        accessApi.moveFeature(groupId, featureId),
      ({ title, group }) => ['haulboard.sidebar.moved', { title, group }],
    ),
    reorder: useLayoutMutation(
      (groupIds: number[]) => accessApi.reorderGroups(groupIds),
      () => ['haulboard.sidebar.groups_reordered'],
    ),
  };
}
