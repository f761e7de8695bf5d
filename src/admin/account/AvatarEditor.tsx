import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { Alert, Avatar, Box, Button, LinearProgress, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { accountApi } from '../../../dataProvider/account';
import type { CurrentUser } from '../../../dataProvider/session';
import { AVATAR_TYPES, MAX_AVATAR_BYTES } from '../../../schema/account';
import { prepareAvatar } from './avatarImage';
import { useSaveUser } from './useAccountUser';

/** A blob's object URL for an <img>, let go when the blob changes or the component leaves. */
function useObjectUrl(blob: Blob | null): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return setUrl(undefined);
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

/**
 * The account's picture: choose an image (PNG, JPEG or WebP; a large one is made smaller first), see it, save it with
 * the upload's progress, or remove the one saved. The server type-checks and resizes it; the top bar shows it at once.
 */
export function AvatarEditor({ user }: { user: CurrentUser }) {
  const translate = useTranslate();
  const notify = useNotify();
  const save = useSaveUser();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Blob | null>(null);
  const [problem, setProblem] = useState('');
  const [progress, setProgress] = useState(0);
  const preview = useObjectUrl(chosen);

  const done = (message: string) => (saved: CurrentUser) => {
    save(saved);
    setChosen(null);
    notify(message, { type: 'success' });
  };
  const failed = (error: Error) => setProblem(error.message || translate('haulboard.app.something_went_wrong'));
  const upload = useMutation({
    mutationFn: (image: Blob) => {
      setProgress(0);
      return accountApi.uploadAvatar(image, setProgress);
    },
    onSuccess: done('haulboard.account.avatar_saved'),
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: accountApi.removeAvatar,
    onSuccess: done('haulboard.account.avatar_removed'),
    onError: failed,
  });

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem('');
    const prepared = await prepareAvatar(file);
    if ('problem' in prepared) {
      setChosen(null);
      setProblem(translate(`haulboard.account.avatar_${prepared.problem}`, { mb: MAX_AVATAR_BYTES / 1024 / 1024 }));
    } else setChosen(prepared.image);
  };
  const busy = upload.isPending || remove.isPending;

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
      <Avatar
        src={preview ?? user.avatar ?? undefined}
        alt={translate(preview ? 'haulboard.account.avatar_preview' : 'haulboard.account.avatar')}
        sx={{ width: 96, height: 96, fontSize: 40 }}
      >
        {user.firstName.charAt(0)}
      </Avatar>
      <Box sx={{ display: 'grid', gap: 1, flex: '1 1 220px', minWidth: 0 }}>
        <input
          ref={input}
          type="file"
          accept={AVATAR_TYPES.join(',')}
          hidden
          onChange={choose}
          aria-label={translate('haulboard.account.avatar_choose')}
          data-testid="avatar-file"
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {chosen ? (
            <>
              <Button variant="contained" disabled={busy} onClick={() => upload.mutate(chosen)}>
                {translate('haulboard.account.avatar_save')}
              </Button>
              <Button disabled={busy} onClick={() => setChosen(null)}>
                {translate('ra.action.cancel')}
              </Button>
            </>
          ) : (
            <>
              <Button
                variant="outlined"
                startIcon={<PhotoCameraIcon />}
                disabled={busy}
                onClick={() => input.current?.click()}
              >
                {translate('haulboard.account.avatar_choose')}
              </Button>
              {user.avatar && (
                <Button color="error" startIcon={<DeleteOutlineIcon />} disabled={busy} onClick={() => remove.mutate()}>
                  {translate('haulboard.account.avatar_remove')}
                </Button>
              )}
            </>
          )}
        </Box>
        <Typography variant="caption" color="text.secondary">
          {translate('haulboard.account.avatar_hint', { mb: MAX_AVATAR_BYTES / 1024 / 1024 })}
        </Typography>
        {upload.isPending && (
          <LinearProgress
            variant="determinate"
            value={Math.round(progress * 100)}
            aria-label={translate('haulboard.account.avatar_uploading')}
          />
        )}
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
      </Box>
    </Box>
  );
}
