import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'ra-core';
import { type MailQuery, mailApi } from '../../../dataProvider/mail';
import type { MailChangeBody, MailDto, MailLabelBody } from '../../../schema/mail';

/** Every answer of the mailbox sits under this key: a change reads the labels' counts and the lists again. */
const MAIL = ['mail'];
export const PAGE_SIZE = 25;

export const useMailLabels = () => useQuery({ queryKey: [...MAIL, 'labels'], queryFn: mailApi.labels });

export const useMailList = (query: MailQuery) =>
  useQuery({
    queryKey: [...MAIL, 'list', query],
    queryFn: () => mailApi.list({ ...query, size: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

/**
 * One message; reading it marks it read, so the counts and the list's bold are read again once it has come. Asked each
 * time it is opened (opening is what marks it read).
 */
export function useMailMessage(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...MAIL, 'message', id],
    enabled: id !== null,
    queryFn: async () => {
      const mail = await mailApi.get(id!);
      void queryClient.invalidateQueries({ queryKey: [...MAIL, 'labels'] });
      void queryClient.invalidateQueries({ queryKey: [...MAIL, 'list'] });
      return mail;
    },
  });
}

/**
 * A write to the mailbox: its toast, the server's words when refused, then the labels and lists read again. An open
 * message is not asked again (that would mark it read again): `onDone` puts the answer into it.
 */
function useMailWrite<Args, Answer>(
  write: (args: Args) => Promise<Answer>,
  done?: string,
  onDone?: (answer: Answer) => void,
) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: write,
    onSuccess: (answer) => {
      onDone?.(answer);
      if (done) notify(done, { type: 'success' });
    },
    onError: (error: Error) => notify(error.message || 'haulboard.app.something_went_wrong', { type: 'error' }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: MAIL, predicate: (query) => query.queryKey[1] !== 'message' }),
  });
}

export function useChangeMail() {
  const queryClient = useQueryClient();
  return useMailWrite(
    ({ id, change }: { id: number; change: MailChangeBody }) => mailApi.update(id, change),
    undefined,
    (summary) =>
      queryClient.setQueryData<MailDto>([...MAIL, 'message', summary.id], (open) => open && { ...open, ...summary }),
  );
}
export const useSaveLabel = () =>
  useMailWrite(
    ({ id, body }: { id?: number; body: MailLabelBody }) =>
      id ? mailApi.updateLabel(id, body) : mailApi.createLabel(body),
    'haulboard.mailbox.label_saved',
  );
export const useDeleteLabel = () =>
  useMailWrite((id: number) => mailApi.deleteLabel(id), 'haulboard.mailbox.label_deleted');
