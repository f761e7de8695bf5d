import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { accessApi } from '../../../dataProvider/access';
import { type CurrentUser, getUser, saveUser } from '../../../dataProvider/session';

const USER_KEY = ['account', 'user'];

/** The stored user, shared by the account screens: what one saves, the others (and the top bar's avatar) show. */
export function useAccountUser(): CurrentUser | null {
  return useQuery({ queryKey: USER_KEY, queryFn: getUser, initialData: getUser, staleTime: Infinity }).data;
}

/** Keep the user a call answered: stored for the guards, shown by the screens, the top bar's name and picture. */
export function useSaveUser(): (user: CurrentUser) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (user: CurrentUser) => {
      saveUser(user);
      queryClient.setQueryData(USER_KEY, user);
      void queryClient.invalidateQueries({ queryKey: ['auth', 'getIdentity'] });
    },
    [queryClient],
  );
}

/** Read the user again from the server (has an administrator activated the account?) and keep it. */
export function useReloadUser(): () => Promise<CurrentUser> {
  const save = useSaveUser();
  return useCallback(async () => {
    const user = await accessApi.me();
    save(user);
    return user;
  }, [save]);
}
