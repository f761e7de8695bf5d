import ErrorIcon from '@mui/icons-material/ErrorOutline';
import WarningIcon from '@mui/icons-material/WarningAmber';
import { Box } from '@mui/material';
import { useRecordContext, useResourceContext } from 'ra-core';
import { type ExpiryItem, describeExpiry } from '../../schema/expiry';
import { usDate } from '../format';
import { Tag } from '../Tag';
import { maybeDefinitionOf } from './definitions';

export interface WithExpiry {
  expiry?: ExpiryItem[];
}

/** One expiration that needs attention: colour, icon and words (never colour alone), named as the definition says. */
function ExpiryChip({ item }: { item: ExpiryItem }) {
  const expired = item.state === 'expired';
  const label =
    maybeDefinitionOf(useResourceContext())?.expiring.find((e) => e.path === item.field)?.label ?? item.field;
  return (
    <Tag tone={expired ? 'error' : 'warning'} filled={expired} icon={expired ? <ErrorIcon /> : <WarningIcon />}>
      {describeExpiry(item, label, usDate(item.on))}
    </Tag>
  );
}

/** The record's expired and due dates (schema/expiry.ts computes them on the server), soonest first. */
export function ExpiryChips({ record: given }: { record?: WithExpiry }) {
  const context = useRecordContext<WithExpiry & { id: number }>();
  const items = (given ?? context)?.expiry ?? [];
  if (!items.length) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {items.map((item) => (
        <ExpiryChip key={item.field} item={item} />
      ))}
    </Box>
  );
}

/** Rows with an expired or due date stand out (a coloured edge, besides the chips' words). */
export function expiryRowSx(record: WithExpiry): Record<string, unknown> {
  const items = record.expiry ?? [];
  if (!items.length) return {};
  const palette = items.some((item) => item.state === 'expired') ? 'error' : 'warning';
  return { '& td:first-of-type': { borderLeft: '4px solid', borderLeftColor: `${palette}.main` } };
}
