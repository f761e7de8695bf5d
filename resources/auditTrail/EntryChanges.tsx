import './messages';
import { Box, Button, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'ra-core';
import { useState } from 'react';
import type { AuditEntryDto } from '../../schema/audit';
import { usDateTime } from '../../ui/format';
import { visuallyHidden } from '../../ui/visuallyHidden';
import { type DiffLine, changedLines } from './diff';
import { useActionWords, useEntryDiff, useSubject, useWho } from './words';

/** One field: its label, then what it was (struck through) and what it became; one side alone for a new or removed value. */
function Line({ line }: { line: DiffLine }) {
  const translate = useTranslate();
  const empty = translate('haulboard.audit.empty_value');
  const changed = line.change !== 'same';
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(9rem, 14rem) minmax(0, 1fr)' },
        columnGap: 2,
        py: 0.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography component="span" variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {line.label || translate('haulboard.audit.value')}
      </Typography>
      <Typography
        component="span"
        variant="body2"
        sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', minWidth: 0 }}
      >
        {!changed ? (
          (line.after ?? line.before ?? empty)
        ) : (
          <>
            {line.change !== 'added' && (
              <Box
                component="del"
                sx={{ color: 'text.secondary', textDecorationColor: (theme) => theme.palette.error.main }}
              >
                <Box component="span" sx={visuallyHidden}>
                  {translate('haulboard.audit.before')}{' '}
                </Box>
                {line.before ?? empty}
              </Box>
            )}
            {line.change === 'changed' && (
              <Box component="span" aria-hidden sx={{ mx: 1, color: 'text.secondary' }}>
                →
              </Box>
            )}
            {line.change !== 'removed' && (
              <Box component="ins" sx={{ textDecoration: 'none', fontWeight: 500 }}>
                <Box component="span" sx={visuallyHidden}>
                  {translate('haulboard.audit.after')}{' '}
                </Box>
                {line.after ?? empty}
              </Box>
            )}
          </>
        )}
      </Typography>
    </Box>
  );
}

/**
 * An entry's readable diff (the row's panel): what changed, one line per field, before → after; the other fields
 * behind "Show all fields". A created record lists what it was made with, a deleted one what it held.
 */
export function EntryChanges() {
  const translate = useTranslate();
  const entry = useRecordContext<AuditEntryDto>();
  return entry ? <Changes entry={entry} translate={translate} /> : null;
}

/**
 * The entries whose every field is shown: kept outside the panel, which the list may mount again when it reads its
 * page again (a refetch), so that "Show all fields" stays as the reader left it.
 */
const showingAll = new Set<number>();

function Changes({ entry, translate }: { entry: AuditEntryDto; translate: ReturnType<typeof useTranslate> }) {
  const [all, setAllState] = useState(() => showingAll.has(entry.id));
  const setAll = (next: boolean) => {
    if (next) showingAll.add(entry.id);
    else showingAll.delete(entry.id);
    setAllState(next);
  };
  const diff = useEntryDiff(entry);
  const subject = useSubject(entry.entity);
  const actionWords = useActionWords();
  const who = useWho();
  const changed = changedLines(diff);
  const lines = all ? diff.lines : changed;
  const action = actionWords(entry.action);
  // An API call is its own subject: said once.
  const what = `${action === subject.name ? action : `${action}: ${subject.name}`}${entry.entityId === null ? '' : ` #${entry.entityId}`}`;
  const heading = translate('haulboard.audit.panel_title', { what, who: who(entry), when: usDateTime(entry.at) });
  return (
    <Box component="section" aria-label={heading} sx={{ py: 1.5, maxWidth: 960 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {heading}
      </Typography>
      {diff.kind === 'none' ? (
        <Typography variant="body2">{translate('haulboard.audit.nothing')}</Typography>
      ) : (
        <>
          {!lines.length && <Typography variant="body2">{translate('haulboard.audit.no_change')}</Typography>}
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {lines.map((line) => (
              <Line key={line.key} line={line} />
            ))}
          </Box>
          {diff.lines.length > changed.length && (
            <Button size="small" sx={{ mt: 1 }} aria-pressed={all} onClick={() => setAll(!all)}>
              {all
                ? translate('haulboard.audit.show_changed')
                : translate('haulboard.audit.show_all', { smart_count: diff.lines.length })}
            </Button>
          )}
        </>
      )}
      {entry.requestId && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {translate('haulboard.audit.request', { id: entry.requestId })}
        </Typography>
      )}
    </Box>
  );
}
