import AddIcon from '@mui/icons-material/Add';
import AllInboxIcon from '@mui/icons-material/AllInbox';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import {
  Box,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Menu,
  MenuItem,
  Typography,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { type ReactElement, useState } from 'react';
import { Confirm } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { MailLabelDto, MailLabelsDto, SystemLabel } from '../../../schema/mail';
import { HoverHint } from '../../../ui/HoverHint';
import { LabelDialog } from './LabelDialog';
import { type MailboxPlace, labelPath } from './place';
import { useDeleteLabel } from './useMail';

const SYSTEM_ICONS: Record<SystemLabel, ReactElement> = {
  all: <AllInboxIcon />,
  unread: <MarkEmailUnreadOutlinedIcon />,
  starred: <StarBorderIcon />,
  trash: <DeleteOutlineIcon />,
};

function Count({ count }: { count: number }) {
  return count ? (
    <Typography variant="body2" color="text.secondary" sx={{ ml: 1 }}>
      {count}
    </Typography>
  ) : null;
}

/** A custom label's menu: rename or recolour, delete (its messages stay in the mailbox). */
function LabelMenu({ label, current, onEdit }: { label: MailLabelDto; current: boolean; onEdit: () => void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const remove = useDeleteLabel();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const name = translate('haulboard.mailbox.label_actions', { name: label.name });
  return (
    <>
      <HoverHint title={name}>
        <IconButton
          edge="end"
          aria-label={name}
          aria-haspopup="menu"
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <MoreVertIcon fontSize="small" />
        </IconButton>
      </HoverHint>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            onEdit();
          }}
        >
          <ListItemIcon>
            <EditOutlinedIcon fontSize="small" />
          </ListItemIcon>
          {translate('haulboard.mailbox.edit_label')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setConfirming(true);
          }}
        >
          <ListItemIcon>
            <DeleteOutlineIcon fontSize="small" />
          </ListItemIcon>
          {translate('haulboard.mailbox.delete_label')}
        </MenuItem>
      </Menu>
      <Confirm
        isOpen={confirming}
        loading={remove.isPending}
        title={translate('haulboard.mailbox.delete_label_title', { name: label.name })}
        content={translate('haulboard.mailbox.delete_label_body')}
        confirm="haulboard.mailbox.delete_label"
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(label.id, {
            onSuccess: () => {
              setConfirming(false);
              if (current) navigate(labelPath('all'));
            },
          })
        }
      />
    </>
  );
}

/**
 * The mailbox's labels (docs/product/accounts.md#mailbox): All, Unread, Starred, Trash with their counts, then the
 * user's own labels, each to open, rename, recolour or delete, and a new one to make. `onPick` closes the drawer that
 * holds it on a phone.
 */
export function LabelNav({
  labels,
  place,
  onPick,
}: {
  labels: MailLabelsDto | undefined;
  place: MailboxPlace;
  onPick?: () => void;
}) {
  const translate = useTranslate();
  const [editing, setEditing] = useState<MailLabelDto | 'new' | null>(null);
  const isCurrent = (id: string) => place.label === id;
  return (
    <Box component="nav" aria-label={translate('haulboard.mailbox.labels_nav')}>
      <List dense>
        {(labels?.system ?? []).map((label) => (
          <ListItemButton
            key={label.id}
            component={RouterLink}
            to={labelPath(label.id)}
            selected={isCurrent(label.id)}
            aria-current={isCurrent(label.id) ? 'page' : undefined}
            onClick={onPick}
          >
            <ListItemIcon sx={{ minWidth: 36 }}>{SYSTEM_ICONS[label.id]}</ListItemIcon>
            <ListItemText primary={translate(`haulboard.mailbox.labels.${label.id}`)} />
            <Count count={label.count} />
          </ListItemButton>
        ))}
      </List>
      <List
        dense
        subheader={
          <ListSubheader
            disableSticky
            sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', bgcolor: 'transparent' }}
          >
            {translate('haulboard.mailbox.my_labels')}
            <HoverHint title={translate('haulboard.mailbox.new_label')}>
              <IconButton
                size="small"
                edge="end"
                aria-label={translate('haulboard.mailbox.new_label')}
                onClick={() => setEditing('new')}
              >
                <AddIcon fontSize="small" />
              </IconButton>
            </HoverHint>
          </ListSubheader>
        }
      >
        {labels?.custom.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 0.5 }}>
            {translate('haulboard.mailbox.no_labels')}
          </Typography>
        )}
        {(labels?.custom ?? []).map((label) => {
          const id = String(label.id);
          return (
            <ListItem
              key={label.id}
              disablePadding
              secondaryAction={<LabelMenu label={label} current={isCurrent(id)} onEdit={() => setEditing(label)} />}
            >
              <ListItemButton
                component={RouterLink}
                to={labelPath(id)}
                selected={isCurrent(id)}
                aria-current={isCurrent(id) ? 'page' : undefined}
                onClick={onPick}
                sx={{ pr: 6 }}
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <Box aria-hidden sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: label.color, ml: 0.5 }} />
                </ListItemIcon>
                <ListItemText primary={label.name} slotProps={{ primary: { noWrap: true } }} />
                <Count count={label.count} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      {editing && <LabelDialog label={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </Box>
  );
}
