import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Alert, Box, IconButton, List, ListItem, ListItemButton, Skeleton, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import type { MailPage } from '../../../dataProvider/mail';
import type { MailLabelDto, MailSummaryDto } from '../../../schema/mail';
import { usDateTime } from '../../../ui/format';
import { visuallyHidden } from '../../../ui/visuallyHidden';
import { StarButton } from './StarButton';

const ellipsis = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

function Row({
  mail,
  to,
  selected,
  labels,
  card,
}: {
  mail: MailSummaryDto;
  to: string;
  selected: boolean;
  labels: MailLabelDto[];
  card: boolean;
}) {
  const translate = useTranslate();
  const unread = !mail.readAt;
  const weight = unread ? 700 : 400;
  const dots = labels.filter((label) => mail.labelIds.includes(label.id));
  return (
    <ListItem
      disablePadding
      secondaryAction={<StarButton mail={mail} />}
      sx={
        card
          ? {
              mb: 1,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              bgcolor: 'background.paper',
              overflow: 'hidden',
            }
          : { borderBottom: 1, borderColor: 'divider' }
      }
    >
      <ListItemButton
        component={RouterLink}
        to={to}
        selected={selected}
        aria-current={selected ? 'page' : undefined}
        sx={{ display: 'block', py: 1.25, pr: 7 }}
      >
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
          {unread && (
            <Box
              aria-hidden
              sx={{
                width: 8,
                height: 8,
                borderRadius: '50%',
                bgcolor: 'primary.main',
                flex: 'none',
                alignSelf: 'center',
              }}
            />
          )}
          {unread && (
            <Box component="span" sx={visuallyHidden}>
              {translate('haulboard.mailbox.unread')}
            </Box>
          )}
          <Typography variant="body2" sx={{ fontWeight: weight, flex: 1, minWidth: 0, ...ellipsis }}>
            {mail.from}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ flex: 'none' }}>
            {usDateTime(mail.createdAt)}
          </Typography>
        </Box>
        <Typography variant="body2" sx={{ fontWeight: weight, ...ellipsis }}>
          {mail.subject}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ ...ellipsis }}>
          {mail.preview}
        </Typography>
        {dots.length > 0 && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
            {dots.map((label) => (
              <Box
                key={label.id}
                component="span"
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontSize: 12, color: 'text.secondary' }}
              >
                <Box
                  component="span"
                  aria-hidden
                  sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: label.color }}
                />
                {label.name}
              </Box>
            ))}
          </Box>
        )}
      </ListItemButton>
    </ListItem>
  );
}

/** "1–25 of 60" and the way to the previous and next pages. */
function Pager({ page, onPage }: { page: MailPage; onPage: (page: number) => void }) {
  const translate = useTranslate();
  if (page.totalCount <= page.size) return null;
  const first = page.page * page.size + 1;
  const last = Math.min(page.totalCount, first + page.items.length - 1);
  return (
    <Box
      component="nav"
      aria-label={translate('haulboard.mailbox.pages')}
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, p: 1 }}
    >
      <Typography variant="body2" color="text.secondary">
        {translate('haulboard.mailbox.range', { first, last, total: page.totalCount })}
      </Typography>
      <IconButton
        aria-label={translate('haulboard.mailbox.newer')}
        disabled={page.page === 0}
        onClick={() => onPage(page.page - 1)}
      >
        <ChevronLeftIcon />
      </IconButton>
      <IconButton
        aria-label={translate('haulboard.mailbox.older')}
        disabled={last >= page.totalCount}
        onClick={() => onPage(page.page + 1)}
      >
        <ChevronRightIcon />
      </IconButton>
    </Box>
  );
}

/**
 * The messages of a label, newest first: unread ones bold (and said so), each a link that opens it, a star beside it;
 * cards on a phone.
 */
export function MessageList({
  page,
  error,
  loading,
  pathOf,
  selected,
  labels,
  card,
  searching,
  onPage,
}: {
  page: MailPage | undefined;
  error: Error | null;
  loading: boolean;
  pathOf: (id: number) => string;
  selected: number | null;
  labels: MailLabelDto[];
  card: boolean;
  searching: boolean;
  onPage: (page: number) => void;
}) {
  const translate = useTranslate();
  if (error)
    return (
      <Alert severity="error" role="alert" sx={{ m: 1 }}>
        {error.message || translate('haulboard.app.load_problem')}
      </Alert>
    );
  if (!page)
    return (
      <Box sx={{ p: 1 }} aria-busy>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={72} />
        ))}
      </Box>
    );
  if (!page.items.length)
    return (
      <Typography color="text.secondary" sx={{ p: 2 }} role="status">
        {translate(searching ? 'haulboard.mailbox.no_match' : 'haulboard.mailbox.empty')}
      </Typography>
    );
  return (
    <Box aria-busy={loading}>
      <List disablePadding aria-label={translate('haulboard.mailbox.messages')} sx={card ? { px: 0.5 } : undefined}>
        {page.items.map((mail) => (
          <Row
            key={mail.id}
            mail={mail}
            to={pathOf(mail.id)}
            selected={mail.id === selected}
            labels={labels}
            card={card}
          />
        ))}
      </List>
      <Pager page={page} onPage={onPage} />
    </Box>
  );
}
