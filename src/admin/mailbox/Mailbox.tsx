import './messages';
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  Button,
  Card,
  Drawer,
  InputAdornment,
  Link,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { useEffect, useState } from 'react';
import { Title } from 'react-admin';
import { Navigate, Link as RouterLink, useParams } from 'react-router-dom';
import { usePhone } from '../../../ui/usePhone';
import { LabelNav } from './LabelNav';
import { MessageList } from './MessageList';
import { MessageReader } from './MessageReader';
import { type MailboxPlace, placeOf } from './place';
import { useMailLabels, useMailList } from './useMail';
import { useSettled } from '../../../ui/useSettled';

/** The list pane of a place: its heading, the search, the messages; page and search start again with each label. */
function ListPane({
  place,
  heading,
  labelsButton,
  card,
  help,
}: {
  place: MailboxPlace;
  heading: string;
  labelsButton: React.ReactNode;
  card: boolean;
  help?: string;
}) {
  const translate = useTranslate();
  const [typed, setTyped] = useState('');
  const search = useSettled(typed.trim());
  const [page, setPage] = useState(0);
  useEffect(() => setPage(0), [search]);
  const { data, error, isFetching } = useMailList({ label: place.label, search: search || undefined, page });
  const labels = useMailLabels().data?.custom ?? [];
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1, alignContent: 'start' }}>
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', px: card ? 0.5 : 2, pt: card ? 0 : 2 }}
      >
        <Typography component="h1" variant="h6" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {heading}
        </Typography>
        {labelsButton}
      </Box>
      <Box sx={{ px: card ? 0.5 : 2 }}>
        <TextField
          type="search"
          size="small"
          fullWidth
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          label={translate('haulboard.mailbox.search')}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <MessageList
        page={data}
        error={error}
        loading={isFetching}
        pathOf={(id) => `${place.listPath}/${id}`}
        selected={place.selected}
        labels={labels}
        card={card}
        searching={!!search}
        onPage={setPage}
      />
      {help && (
        <Typography variant="body2" color="text.secondary" sx={{ px: card ? 0.5 : 2, pb: 2 }}>
          {help}
        </Typography>
      )}
    </Box>
  );
}

/**
 * The in-app mailbox (docs/product/accounts.md#mailbox): the messages the system sent the user — the only inbox when
 * the server sends no e-mail. /app/received-emails lists them all; /app/mail/… adds the labels (All, Unread, Starred,
 * Trash and the user's own). Wide screens show the labels, the list and the open message side by side; a phone shows
 * one at a time, the labels in a drawer, the list as cards, the message full width with a way back.
 */
export function Mailbox({ variant }: { variant: MailboxPlace['variant'] }) {
  const translate = useTranslate();
  const theme = useTheme();
  const phone = usePhone();
  const split = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const roomy = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const place = placeOf(variant, useParams());
  const labels = useMailLabels();
  const [drawer, setDrawer] = useState(false);
  if (!place) return <Navigate to={variant === 'received' ? '/app/received-emails' : '/app/mail/all'} replace />;

  const custom = labels.data?.custom.find((label) => String(label.id) === place.label);
  if (place.variant === 'mail' && !/^[a-z]+$/.test(place.label) && labels.data && !custom)
    return <Navigate to="/app/mail/all" replace />;
  const heading =
    place.variant === 'received'
      ? translate('haulboard.mailbox.received_title')
      : (custom?.name ?? translate(`haulboard.mailbox.labels.${place.label}`));
  const showLabels = place.variant === 'mail';
  const labelsInline = showLabels && roomy;
  const reading = place.selected !== null;
  const labelsButton =
    showLabels && !labelsInline ? (
      <Button size="small" startIcon={<LabelOutlinedIcon />} onClick={() => setDrawer(true)} aria-haspopup="dialog">
        {translate('haulboard.mailbox.labels_nav')}
      </Button>
    ) : place.variant === 'received' ? (
      <Link component={RouterLink} to="/app/mail/all" variant="body2">
        {translate('haulboard.mailbox.open_full')}
      </Link>
    ) : null;
  const columns = [
    labelsInline && '200px',
    (split || !reading) && (split ? 'minmax(260px, 340px)' : 'minmax(0, 1fr)'),
    (split || reading) && 'minmax(0, 1fr)',
  ]
    .filter(Boolean)
    .join(' ');
  // On a phone the panes are the page itself (the list's rows are cards of their own).
  const pane = phone
    ? { minWidth: 0, bgcolor: 'transparent', boxShadow: 'none', backgroundImage: 'none', overflow: 'visible' }
    : { minWidth: 0 };

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: columns, alignItems: 'start' }}>
      <Title
        title={
          place.variant === 'received'
            ? translate('haulboard.mailbox.received_title')
            : translate('haulboard.mailbox.title')
        }
      />
      {labelsInline && (
        <Card sx={pane}>
          <LabelNav labels={labels.data} place={place} />
        </Card>
      )}
      {(split || !reading) && (
        <Card sx={pane}>
          <ListPane
            key={place.label}
            place={place}
            heading={heading}
            labelsButton={labelsButton}
            card={phone}
            help={place.variant === 'received' && !split ? translate('haulboard.mailbox.received_help') : undefined}
          />
        </Card>
      )}
      {reading && (
        <Card sx={pane}>
          <MessageReader
            key={place.selected}
            id={place.selected!}
            listPath={place.listPath}
            labels={labels.data?.custom ?? []}
            showBack={!split}
          />
        </Card>
      )}
      {split && !reading && (
        <Card sx={{ ...pane, p: 4, display: 'grid', justifyItems: 'center', gap: 1, color: 'text.secondary' }}>
          <MailOutlineIcon fontSize="large" aria-hidden />
          <Typography>{translate('haulboard.mailbox.pick')}</Typography>
          {place.variant === 'received' && (
            <Typography variant="body2" sx={{ maxWidth: 420, textAlign: 'center' }}>
              {translate('haulboard.mailbox.received_help')}
            </Typography>
          )}
        </Card>
      )}
      {showLabels && !labelsInline && (
        <Drawer
          open={drawer}
          onClose={() => setDrawer(false)}
          slotProps={{ paper: { sx: { width: 280, maxWidth: '85vw' } } }}
        >
          <LabelNav labels={labels.data} place={place} onPick={() => setDrawer(false)} />
        </Drawer>
      )}
    </Box>
  );
}
