import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import {
  Box,
  Collapse,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  ListSubheader,
  Menu,
  MenuItem,
  Typography,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import type { FeatureGroup } from '../../../dataProvider/session';
import { FEATURE_DRAG_TYPE, FeatureItem } from './FeatureItem';
import { InlineNameField } from './LazyNameField';
import { GroupCount } from './GroupCount';
import { hasBadge } from './badges';

export interface GroupActions {
  rename: (name: string) => void;
  remove: () => void;
  moveGroup: (offset: -1 | 1) => void;
  moveFeature: (featureId: number, toGroupId: number) => void;
}

/** One group: expander (normal mode) or name with its menu (management mode), then its screens. */
export function GroupSection({
  group,
  groups,
  index,
  managing,
  expanded,
  compact,
  isActive,
  onToggle,
  actions,
  busy,
}: {
  group: FeatureGroup;
  groups: FeatureGroup[];
  index: number;
  managing: boolean;
  expanded: boolean;
  compact: boolean;
  isActive: (uri: string) => boolean;
  onToggle: () => void;
  actions: GroupActions;
  busy: boolean;
}) {
  const translate = useTranslate();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [renaming, setRenaming] = useState(false);
  const [dropping, setDropping] = useState(false);
  const listId = `sidebar-group-${group.id}`;
  const open = managing || expanded || compact;

  const header = managing ? (
    renaming ? (
      <InlineNameField
        initial={group.name}
        label={translate('haulboard.sidebar.rename_label')}
        confirmLabel={translate('haulboard.sidebar.save_name')}
        busy={busy}
        onConfirm={(name) => {
          setRenaming(false);
          actions.rename(name);
        }}
        onCancel={() => setRenaming(false)}
      />
    ) : (
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 0.5 }}>
        <Typography variant="overline" sx={{ flex: 1, fontWeight: 700 }} noWrap>
          {group.name}
        </Typography>
        <IconButton
          size="small"
          aria-label={translate('haulboard.sidebar.group_menu', { name: group.name })}
          aria-haspopup="menu"
          onClick={(event) => setMenuAnchor(event.currentTarget)}
        >
          <MoreVertIcon fontSize="small" />
        </IconButton>
        <Menu anchorEl={menuAnchor} open={!!menuAnchor} onClose={() => setMenuAnchor(null)}>
          <MenuItem
            disabled={group.isDefaultgroup}
            onClick={() => {
              setMenuAnchor(null);
              setRenaming(true);
            }}
          >
            {translate('haulboard.sidebar.rename')}
          </MenuItem>
          <MenuItem
            disabled={index === 0}
            onClick={() => {
              setMenuAnchor(null);
              actions.moveGroup(-1);
            }}
          >
            {translate('haulboard.sidebar.move_up')}
          </MenuItem>
          <MenuItem
            disabled={index === groups.length - 1}
            onClick={() => {
              setMenuAnchor(null);
              actions.moveGroup(1);
            }}
          >
            {translate('haulboard.sidebar.move_down')}
          </MenuItem>
          <MenuItem
            disabled={group.isDefaultgroup}
            onClick={() => {
              setMenuAnchor(null);
              actions.remove();
            }}
          >
            {translate('haulboard.sidebar.delete')}
          </MenuItem>
        </Menu>
      </Box>
    )
  ) : compact ? null : (
    <ListItemButton onClick={onToggle} aria-expanded={expanded} aria-controls={listId} sx={{ py: 0.5 }}>
      <ListItemText
        primary={group.name}
        slotProps={{ primary: { variant: 'overline', fontWeight: 700, noWrap: true } }}
      />
      {!expanded && group.features.filter((f) => hasBadge(f.uri)).map((f) => <GroupCount key={f.id} feature={f} />)}
      {expanded ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
    </ListItemButton>
  );

  return (
    <Box
      component="li"
      data-group-id={group.id}
      aria-label={group.name}
      onDragOver={
        managing
          ? (event) => {
              if (event.dataTransfer.types.includes(FEATURE_DRAG_TYPE)) {
                event.preventDefault();
                setDropping(true);
              }
            }
          : undefined
      }
      onDragLeave={managing ? () => setDropping(false) : undefined}
      onDrop={
        managing
          ? (event) => {
              event.preventDefault();
              setDropping(false);
              const featureId = Number(event.dataTransfer.getData(FEATURE_DRAG_TYPE));
              if (featureId && !group.features.some((f) => f.id === featureId))
                actions.moveFeature(featureId, group.id);
            }
          : undefined
      }
      sx={{
        listStyle: 'none',
        borderRadius: 1,
        outline: dropping ? '2px dashed' : 'none',
        outlineColor: 'primary.main',
        mx: managing ? 0.5 : 0,
      }}
    >
      {header}
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List
          id={listId}
          dense
          disablePadding
          subheader={
            managing && !group.features.length ? (
              <ListSubheader component="div" sx={{ lineHeight: 2, bgcolor: 'transparent' }}>
                {translate('haulboard.sidebar.drop_here', { name: group.name })}
              </ListSubheader>
            ) : undefined
          }
        >
          {group.features.map((feature) => (
            <FeatureItem
              key={feature.id}
              feature={feature}
              active={isActive(feature.uri)}
              managing={managing}
              compact={compact}
              groups={groups}
              currentGroupId={group.id}
              onMove={(toGroupId) => actions.moveFeature(feature.id, toGroupId)}
            />
          ))}
        </List>
      </Collapse>
    </Box>
  );
}
