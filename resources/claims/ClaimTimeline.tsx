import './messages';
import { Alert, Box, Button, List, ListItem, ListItemText, Skeleton, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import { claimCommentBody } from '../../schema/claimActions';
import type { ClaimDto } from '../../schema/resources/claims';
import { usDateTime } from '../../ui/format';
import { useApiAction } from '../../ui/records/useApiAction';
import { CLAIMS_API, useClaimPart } from './api';

interface TimelineItem {
  at: string;
  kind: string;
  text: string;
  actorName: string | null;
}

/** Write a comment (the signed-in user is its author); it joins the timeline below. */
function CommentBox({ claim }: { claim: ClaimDto }) {
  const translate = useTranslate();
  const [body, setBody] = useState('');
  const [touched, setTouched] = useState(false);
  const action = useApiAction(() => {
    setBody('');
    setTouched(false);
  });
  const checked = claimCommentBody.safeParse({ body });
  const problem = touched && !checked.success ? checked.error.issues[0]?.message : undefined;
  return (
    <Box
      component="form"
      sx={{ display: 'grid', gap: 1 }}
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (checked.success)
          action.mutate({
            path: `${CLAIMS_API}/${claim.id}/comments`,
            body: checked.data,
            done: 'haulboard.claims.comments.added',
          });
      }}
    >
      <TextField
        label={translate('haulboard.claims.comments.label')}
        value={body}
        multiline
        minRows={2}
        size="small"
        onChange={(event) => setBody(event.target.value)}
        onBlur={() => body && setTouched(true)}
        error={!!problem}
        helperText={problem}
      />
      <Button type="submit" variant="outlined" size="small" sx={{ justifySelf: 'start' }} disabled={action.isPending}>
        {translate('haulboard.claims.comments.add')}
      </Button>
    </Box>
  );
}

/**
 * Everything that happened to a claim, newest first (GET /{id}/timeline): created, status changes, steps done and
 * undone, chargebacks, payments, comments and documents, each with who and when; and the box to comment.
 */
export function ClaimTimeline({ claim, canUpdate }: { claim: ClaimDto; canUpdate: boolean }) {
  const translate = useTranslate();
  const {
    data: items,
    isPending,
    error,
  } = useClaimPart<TimelineItem[]>(claim.id, 'timeline', `${CLAIMS_API}/${claim.id}/timeline`);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {canUpdate && !claim.deleted && <CommentBox claim={claim} />}
      {isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : error ? (
        <Alert severity="error">{(error as Error).message}</Alert>
      ) : (
        <List dense disablePadding aria-label={translate('haulboard.claims.panel.tabs.timeline')}>
          {items.map((item, index) => (
            <ListItem
              key={`${item.at}-${index}`}
              disableGutters
              alignItems="flex-start"
              sx={{
                borderLeft: 2,
                borderColor: item.kind === 'COMMENT' ? 'primary.main' : 'divider',
                pl: 1.5,
                mb: 0.5,
              }}
            >
              <ListItemText
                primary={
                  <>
                    {item.kind === 'COMMENT' && (
                      <Typography component="span" variant="overline" sx={{ mr: 1, lineHeight: 1 }}>
                        {translate('haulboard.claims.comments.comment')}
                      </Typography>
                    )}
                    {item.text}
                  </>
                }
                secondary={[usDateTime(item.at), item.actorName].filter(Boolean).join(' · ')}
                slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
