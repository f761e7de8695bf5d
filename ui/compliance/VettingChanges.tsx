import './messages';
import { Box, List, ListItem, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useTranslate } from 'ra-core';
import type { ChangeDto, FilingDto } from '../../schema/vetting';
import { phoneText, usDate, usMoney } from '../format';
import { Tag } from '../Tag';
import { Section } from './VettingFacts';

const w = (key: string) => `haulboard.compliance.vetting.${key}`;

/** The insurance file's filings of the docket: form, kind, insurer, amount and dates. */
export function FilingList({ filings }: { filings: readonly FilingDto[] }) {
  const translate = useTranslate();
  return (
    <Section title="filings">
      {filings.length ? (
        <List dense disablePadding>
          {filings.map((filing) => (
            <ListItem key={`${filing.form}:${filing.policy}:${filing.effectiveOn}`} disableGutters>
              <Typography variant="body2">
                {translate(w('filing'), {
                  form: filing.form,
                  kind: filing.kind,
                  insurer: filing.insurer,
                  amount: filing.coverage === null ? translate(w('unknown')) : usMoney(filing.coverage),
                  from: usDate(filing.effectiveOn),
                })}
                {filing.cancelOn ? translate(w('cancelled'), { on: usDate(filing.cancelOn) }) : ''}
              </Typography>
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate(w('no_filings'))}
        </Typography>
      )}
    </Section>
  );
}

/** The changes seen between imports, newest first; those of the last 30 days highlighted. */
export function ChangeList({ changes }: { changes: readonly ChangeDto[] }) {
  const translate = useTranslate();
  const none = translate(w('empty'));
  const value = (change: ChangeDto, text: string | null) =>
    text === null ? none : change.field === 'phone' ? phoneText(text) : text;
  return (
    <Section title="changes">
      {changes.length ? (
        <List dense disablePadding>
          {changes.map((change) => (
            <ListItem
              key={change.id}
              disableGutters
              sx={(theme) => ({
                display: 'block',
                px: change.recent ? 1 : 0,
                borderRadius: 1,
                mb: 0.5,
                bgcolor: change.recent ? alpha(theme.palette.warning.main, 0.14) : undefined,
              })}
            >
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                {change.recent && <Tag tone="warning">{translate(w('recent'))}</Tag>}
                <Typography variant="body2" color="text.secondary">
                  {translate(w('change_seen'), { seen: usDate(change.seenOn) })}
                  {change.sinceOn ? translate(w('change_since'), { since: usDate(change.sinceOn) }) : ''}
                </Typography>
              </Box>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {translate(w('change'), {
                  field: translate(w(`fields.${change.field}`)),
                  before: value(change, change.before),
                  after: value(change, change.after),
                })}
              </Typography>
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate(w('no_changes'))}
        </Typography>
      )}
    </Section>
  );
}
