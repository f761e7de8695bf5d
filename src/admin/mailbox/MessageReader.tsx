import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import {
  Alert,
  Box,
  Checkbox,
  Chip,
  Divider,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Skeleton,
  Typography,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { type ReactElement, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { MailDto, MailLabelDto } from '../../../schema/mail';
import { usDateTime } from '../../../ui/format';
import { HoverHint } from '../../../ui/HoverHint';
import type { MailLink } from './mailHtml';
import { MessageBody } from './MessageBody';
import { SignedOutLinkDialog } from './SignedOutLinkDialog';
import { StarButton } from './StarButton';
import { useChangeMail, useMailMessage } from './useMail';

function Action({
  label,
  icon,
  onClick,
  disabled,
}: {
  label: string;
  icon: ReactElement;
  onClick: (event: React.MouseEvent<HTMLElement>) => void;
  disabled?: boolean;
}) {
  return (
    <HoverHint title={label}>
      <IconButton aria-label={label} onClick={onClick} disabled={disabled}>
        {icon}
      </IconButton>
    </HoverHint>
  );
}

/** The custom labels a message is in, ticked in a menu (the menu stays open while the user ticks). */
function LabelsMenu({ mail, labels }: { mail: MailDto; labels: MailLabelDto[] }) {
  const translate = useTranslate();
  const change = useChangeMail();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const toggle = (id: number) => {
    const labelIds = mail.labelIds.includes(id) ? mail.labelIds.filter((l) => l !== id) : [...mail.labelIds, id];
    change.mutate({ id: mail.id, change: { labelIds } });
  };
  return (
    <>
      <Action
        label={translate('haulboard.mailbox.labels_menu')}
        icon={<LabelOutlinedIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
      />
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {labels.length === 0 && <MenuItem disabled>{translate('haulboard.mailbox.no_labels')}</MenuItem>}
        {labels.map((label) => (
          <MenuItem
            key={label.id}
            onClick={() => toggle(label.id)}
            role="menuitemcheckbox"
            aria-checked={mail.labelIds.includes(label.id)}
            disabled={change.isPending}
          >
            <ListItemIcon>
              <Checkbox
                edge="start"
                size="small"
                checked={mail.labelIds.includes(label.id)}
                tabIndex={-1}
                disableRipple
                slotProps={{ input: { 'aria-hidden': true } }}
                sx={{ p: 0 }}
              />
            </ListItemIcon>
            <ListItemText>{label.name}</ListItemText>
            <Box aria-hidden sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: label.color, ml: 2 }} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/**
 * One message: who sent it to whom and when, its labels, star, mark unread, labels and trash or restore, then its body
 * (src/admin/mailbox/MessageBody.tsx). Links to the app's pages open here; the password link, which works only signed
 * out, says how to open it; other links open in a new tab.
 */
export function MessageReader({
  id,
  listPath,
  labels,
  showBack,
}: {
  id: number;
  listPath: string;
  labels: MailLabelDto[];
  showBack: boolean;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { data: mail, error, isPending } = useMailMessage(id);
  // Alone on the screen (a phone), the message takes the place of the list the user was in: reading starts at its subject.
  const opened = mail?.id;
  useEffect(() => {
    if (showBack && opened) heading.current?.focus();
  }, [showBack, opened]);
  const change = useChangeMail();
  const [signedOutPath, setSignedOutPath] = useState<string | null>(null);
  const back = () => navigate(listPath);

  const follow = (link: MailLink) => {
    if (link.kind === 'app') navigate(link.path);
    else if (link.kind === 'signedOut') setSignedOutPath(link.path);
    else window.open(link.href, '_blank', 'noopener,noreferrer');
  };
  const backButton = showBack && (
    <Action label={translate('haulboard.mailbox.back')} icon={<ArrowBackIcon />} onClick={back} />
  );

  if (error)
    return (
      <Box sx={{ p: 2 }}>
        {backButton}
        <Alert severity="error" role="alert">
          {error.message || translate('haulboard.app.load_problem')}
        </Alert>
      </Box>
    );
  if (isPending || !mail)
    return (
      <Box sx={{ p: 2, display: 'grid', gap: 1 }} aria-busy>
        {backButton}
        <Skeleton width="60%" height={32} />
        <Skeleton width="40%" />
        <Skeleton variant="rectangular" height={200} />
      </Box>
    );

  const inLabels = labels.filter((label) => mail.labelIds.includes(label.id));
  const set = (body: Parameters<typeof change.mutate>[0]['change'], leave = false) =>
    change.mutate({ id: mail.id, change: body }, { onSuccess: () => leave && back() });
  return (
    <Box
      component="article"
      aria-labelledby={headingId}
      sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 1.5, minWidth: 0 }}
    >
      <Box
        sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 0.5 }}
        role="group"
        aria-label={translate('haulboard.mailbox.actions')}
      >
        {backButton}
        <StarButton mail={mail} />
        <Action
          label={translate('haulboard.mailbox.mark_unread')}
          icon={<MarkEmailUnreadOutlinedIcon />}
          onClick={() => set({ read: false }, true)}
          disabled={change.isPending}
        />
        <LabelsMenu mail={mail} labels={labels} />
        {mail.trashed ? (
          <Action
            label={translate('haulboard.mailbox.restore')}
            icon={<RestoreFromTrashIcon />}
            onClick={() => set({ trashed: false })}
            disabled={change.isPending}
          />
        ) : (
          <Action
            label={translate('haulboard.mailbox.trash')}
            icon={<DeleteOutlineIcon />}
            onClick={() => set({ trashed: true }, true)}
            disabled={change.isPending}
          />
        )}
      </Box>
      <Typography
        id={headingId}
        ref={heading}
        tabIndex={-1}
        component="h2"
        variant="h6"
        sx={{ overflowWrap: 'anywhere', outline: 'none' }}
      >
        {mail.subject}
      </Typography>
      <Box sx={{ display: 'grid', gap: 0.25 }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {translate('haulboard.mailbox.from', { from: mail.from })}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {translate('haulboard.mailbox.to', { to: mail.to })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {usDateTime(mail.createdAt)}
        </Typography>
      </Box>
      {(inLabels.length > 0 || mail.trashed) && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {mail.trashed && <Chip size="small" label={translate('haulboard.mailbox.labels.trash')} />}
          {inLabels.map((label) => (
            <Chip
              key={label.id}
              size="small"
              label={label.name}
              sx={{ bgcolor: label.color, color: (theme) => theme.palette.getContrastText(label.color) }}
            />
          ))}
        </Box>
      )}
      {mail.kind === 'passwordReset' && <Alert severity="info">{translate('haulboard.mailbox.reset_help')}</Alert>}
      <Divider />
      <MessageBody mail={mail} onLink={follow} />
      {signedOutPath && <SignedOutLinkDialog path={signedOutPath} onClose={() => setSignedOutPath(null)} />}
    </Box>
  );
}
