import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'ra-core';
import { useState } from 'react';
import { apiFetch, unwrap } from '../../dataProvider/http';

/** What every company setting's GET and PUT answer carries beside its values. */
export interface CompanySettingDto {
  canChange: boolean;
}

export interface CompanySettingOptions<Dto extends CompanySettingDto, Draft> {
  /** The setting's route, read with GET and saved with PUT (e.g. '/api/Company/tracking'). */
  path: string;
  /** The react-query key its answer is kept under. */
  queryKey: readonly unknown[];
  /** The message key notified once a save is through. */
  saved: string;
  /** The draft a screen edits, as the stored setting gives it before anything is typed. */
  draftOf: (data: Dto) => Draft;
}

export interface CompanySetting<Dto extends CompanySettingDto, Draft, Body> {
  /** The stored setting, once loaded. */
  data: Dto | undefined;
  /** What the screen shows: the draft typed, else the stored setting. */
  current: Draft | undefined;
  setDraft: (draft: Draft) => void;
  /** The server's refusal of the last save, word for word; '' when there is none. */
  refusal: string;
  dismissRefusal: () => void;
  save: (body: Body) => void;
  saving: boolean;
}

/**
 * One company setting on Access Settings → Company (resources/permissions/CompanyTab.tsx): loaded, edited as a draft,
 * saved with PUT by an administrator (the server refuses others, and its refusal is kept to show), the draft dropped
 * and the stored answer replaced once saved.
 */
export function useCompanySetting<Dto extends CompanySettingDto, Draft, Body>({
  path,
  queryKey,
  saved,
  draftOf,
}: CompanySettingOptions<Dto, Draft>): CompanySetting<Dto, Draft, Body> {
  const notify = useNotify();
  const client = useQueryClient();
  const { data } = useQuery({ queryKey, queryFn: async () => unwrap<Dto>(await apiFetch(path)) });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [refusal, setRefusal] = useState('');
  const mutation = useMutation({
    mutationFn: async (body: Body) => unwrap<Dto>(await apiFetch(path, { method: 'PUT', body })),
    onSuccess: (answer) => {
      client.setQueryData(queryKey, answer);
      setDraft(null);
      setRefusal('');
      notify(saved, { type: 'success' });
    },
    onError: (failure: Error) => setRefusal(failure.message),
  });
  return {
    data,
    current: data && (draft ?? draftOf(data)),
    setDraft,
    refusal,
    dismissRefusal: () => setRefusal(''),
    save: (body) => mutation.mutate(body),
    saving: mutation.isPending,
  };
}
