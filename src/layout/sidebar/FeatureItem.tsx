import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import { Badge, IconButton, ListItem, ListItemButton, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { UNDER_CONSTRUCTION_PATH, isKnownRoute } from '../../../authProvider/routes';
import type { Feature, FeatureGroup } from '../../../dataProvider/session';
import { featureIcon } from './icons';
import { HoverHint } from '../../../ui/HoverHint';
import { badgeHookOf } from './badges';

export const FEATURE_DRAG_TYPE = 'application/x-haulboard-feature';

/** A screen in the sidebar: a link normally; in management mode a draggable item with a keyboard "Move to…" menu. */
export function FeatureItem({
  feature,
  active,
  managing,
  compact,
  groups,
  currentGroupId,
  onMove,
}: {
  feature: Feature;
  active: boolean;
  managing: boolean;
  compact: boolean;
  groups: FeatureGroup[];
  currentGroupId: number;
  onMove: (groupId: number) => void;
}) {
  const translate = useTranslate();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const Icon = featureIcon(feature.icon);
  const useBadge = badgeHookOf(feature.uri);
  const badge = useBadge();

  if (managing) {
    return (
      <ListItem
        draggable
        onDragStart={(event) => {
          event.dataTransfer.setData(FEATURE_DRAG_TYPE, String(feature.id));
          event.dataTransfer.effectAllowed = 'move';
        }}
        data-feature-id={feature.id}
        aria-label={translate('haulboard.sidebar.drag_feature', { title: feature.title })}
        sx={{ pl: 2, cursor: 'grab' }}
        secondaryAction={
          <>
            <IconButton
              edge="end"
              size="small"
              aria-label={translate('haulboard.sidebar.move_to')}
              aria-haspopup="menu"
              onClick={(event) => setMenuAnchor(event.currentTarget)}
            >
              <DriveFileMoveIcon fontSize="small" />
            </IconButton>
            <Menu anchorEl={menuAnchor} open={!!menuAnchor} onClose={() => setMenuAnchor(null)}>
              {groups
                .filter((g) => g.id !== currentGroupId)
                .map((group) => (
                  <MenuItem
                    key={group.id}
                    onClick={() => {
                      setMenuAnchor(null);
                      onMove(group.id);
                    }}
                  >
                    {group.name}
                  </MenuItem>
                ))}
            </Menu>
          </>
        }
      >
        <ListItemIcon sx={{ minWidth: 32 }}>
          <DragIndicatorIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={feature.title} slotProps={{ primary: { variant: 'body2' } }} />
      </ListItem>
    );
  }

  const target = isKnownRoute(feature.uri) ? feature.uri : UNDER_CONSTRUCTION_PATH;
  // A count (unread chat messages) is drawn on the icon and said in the link's name.
  const unread = badge > 0 ? translate('haulboard.sidebar.unread', { smart_count: badge }) : '';
  const link = (
    <ListItemButton
      component={RouterLink}
      to={target}
      selected={active}
      aria-current={active ? 'page' : undefined}
      aria-label={compact || unread ? [feature.title, unread].filter(Boolean).join(', ') : undefined}
      sx={{ pl: compact ? 2 : 3 }}
    >
      <ListItemIcon sx={{ minWidth: 36 }}>
        {/* Only with a count: a hidden MUI badge keeps its last number in the page (as the link's text, "0 Chat"). */}
        {badge > 0 ? (
          <Badge badgeContent={badge} color="error" max={99} slotProps={{ badge: { 'aria-hidden': true } }}>
            <Icon fontSize="small" />
          </Badge>
        ) : (
          <Icon fontSize="small" />
        )}
      </ListItemIcon>
      {/* A long title ("Dispatcher Salary", "Performance Calendar") wraps onto a second line rather than being cut. */}
      {!compact && <ListItemText primary={feature.title} slotProps={{ primary: { variant: 'body2' } }} />}
    </ListItemButton>
  );
  return (
    <ListItem disablePadding>
      {compact ? (
        <HoverHint title={feature.title} placement="right" block>
          {link}
        </HoverHint>
      ) : (
        link
      )}
    </ListItem>
  );
}
