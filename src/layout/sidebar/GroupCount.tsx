import { Badge, Box } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { Feature } from '../../../dataProvider/session';
import { visuallyHidden } from '../../../ui/visuallyHidden';
import { badgeHookOf } from './badges';

/**
 * An entry's count (unread chat messages) on the header of its collapsed group, so it is not lost while the entry is
 * hidden; said as part of the header's name ("Chat, 2 unread"). Nothing while the count is 0.
 */
export function GroupCount({ feature }: { feature: Feature }) {
  const translate = useTranslate();
  const useCount = badgeHookOf(feature.uri);
  const count = useCount();
  if (count <= 0) return null;
  return (
    <>
      <Badge
        badgeContent={count}
        color="error"
        max={99}
        aria-hidden
        sx={{ mr: 2, '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
      />
      <Box component="span" sx={visuallyHidden}>
        {`, ${feature.title}, ${translate('haulboard.sidebar.unread', { smart_count: count })}`}
      </Box>
    </>
  );
}
