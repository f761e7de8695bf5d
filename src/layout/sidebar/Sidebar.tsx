import SettingsIcon from '@mui/icons-material/Settings';
import { Alert, Box, Button, CircularProgress, IconButton, Menu, MenuItem, Typography } from '@mui/material';
import { useSidebarState } from 'react-admin';
import { useTranslate } from 'ra-core';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { isAccountUsable } from '../../admin/accountState';
import { getUser } from '../../../dataProvider/session';
import { GroupSection } from './GroupSection';
import { InlineNameField } from './LazyNameField';
import { useFeatureGroups } from '../../../ui/access/useFeatureGroups';
import { visuallyHidden } from '../../../ui/visuallyHidden';
import { useLayoutActions } from './useLayoutActions';
import { HoverHint } from '../../../ui/HoverHint';

/** The sidebar's modes (docs/product/shell.md#sidebar): 0 normal, 1 adding a group, 2 reordering or renaming. */
export type SidebarMode = 0 | 1 | 2;
export const toSidebarMode = (value: number): SidebarMode | null =>
  value === 0 || value === 1 || value === 2 ? value : null;

const isActiveUri = (uri: string, pathname: string) => pathname === uri || pathname.startsWith(uri + '/');

export function Sidebar() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const [sidebarOpen] = useSidebarState();
  const compact = !sidebarOpen;
  const { data: groups, isPending, isError, isSuccess, refetch } = useFeatureGroups();
  const actions = useLayoutActions();
  const [mode, setModeState] = useState<SidebarMode>(0);
  const setMode = (value: number) => {
    const next = toSidebarMode(value);
    if (next !== null) setModeState(next);
  };
  const [gearAnchor, setGearAnchor] = useState<HTMLElement | null>(null);
  const activeGroupId = useMemo(
    () => groups?.find((g) => g.features.some((f) => isActiveUri(f.uri, pathname)))?.id ?? null,
    [groups, pathname],
  );
  const [expanded, setExpanded] = useState<number | null>(activeGroupId);
  useEffect(() => {
    if (activeGroupId !== null) setExpanded(activeGroupId);
  }, [activeGroupId]);
  const user = getUser();
  const canManage = !!user && isAccountUsable(user);
  const busy = Object.values(actions).some((a) => a.isPending);
  const managing = mode === 2;

  let body;
  if (!groups && isPending) {
    body = (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 2 }}>
        <CircularProgress size={18} />
        {!compact && <Typography variant="body2">{translate('haulboard.sidebar.loading')}</Typography>}
      </Box>
    );
  } else if (!groups && isError) {
    body = (
      <Alert
        severity="error"
        sx={{ m: 1 }}
        action={
          <Button color="inherit" size="small" onClick={() => refetch()}>
            {translate('haulboard.sidebar.retry')}
          </Button>
        }
      >
        {translate('haulboard.sidebar.error')}
      </Alert>
    );
  } else if (groups) {
    const visible = managing ? groups : groups.filter((g) => g.features.length);
    body = (
      <Box component="ul" sx={{ p: 0, m: 0 }}>
        {!visible.length && (
          <Typography variant="body2" sx={{ p: 2 }}>
            {translate('haulboard.sidebar.empty')}
          </Typography>
        )}
        {visible.map((group) => (
          <GroupSection
            key={group.id}
            group={group}
            groups={groups}
            index={groups.indexOf(group)}
            managing={managing}
            compact={compact && !managing}
            expanded={expanded === group.id}
            isActive={(uri) => isActiveUri(uri, pathname)}
            // One group open at a time in normal mode.
            onToggle={() => setExpanded((current) => (current === group.id ? null : group.id))}
            busy={busy}
            actions={{
              rename: (name) => actions.rename.mutate({ groupId: group.id, name }),
              remove: () => actions.remove.mutate(group.id),
              moveGroup: (offset) => {
                const ids = groups.map((g) => g.id);
                const from = ids.indexOf(group.id);
                const to = from + offset;
                if (to < 0 || to >= ids.length) return;
                [ids[from], ids[to]] = [ids[to], ids[from]];
                actions.reorder.mutate(ids);
              },
              moveFeature: (featureId, toGroupId) => {
                const feature = groups.flatMap((g) => g.features).find((f) => f.id === featureId);
                const target = groups.find((g) => g.id === toGroupId);
                actions.move.mutate({
                  groupId: toGroupId,
                  featureId,
                  title: feature?.title ?? '',
                  group: target?.name ?? '',
                });
              },
            }}
          />
        ))}
      </Box>
    );
  }

  return (
    <Box component="nav" aria-label={translate('haulboard.sidebar.navigation')} sx={{ pt: 1, pb: 2, width: '100%' }}>
      <Box aria-live="polite" sx={visuallyHidden}>
        {isSuccess ? translate('haulboard.sidebar.loaded') : ''}
      </Box>
      {managing && !compact && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', px: 2, pb: 1 }}>
          {translate('haulboard.sidebar.drag_hint')}
        </Typography>
      )}
      {body}
      {mode === 1 && (
        <InlineNameField
          label={translate('haulboard.sidebar.new_group_name')}
          confirmLabel={translate('haulboard.sidebar.confirm_add')}
          busy={busy}
          onConfirm={(name) => actions.add.mutate(name, { onSuccess: () => setMode(0) })}
          onCancel={() => setMode(0)}
        />
      )}
      {canManage && groups && (
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: compact ? 'center' : 'space-between',
            px: 1,
            pt: 1,
          }}
        >
          {/* Named in words while the sidebar is open (a bare gear read as the Settings section); a hint when compact. */}
          {compact ? (
            <HoverHint title={translate('haulboard.sidebar.manage')}>
              <IconButton
                aria-label={translate('haulboard.sidebar.manage')}
                aria-haspopup="menu"
                onClick={(event) => setGearAnchor(event.currentTarget)}
              >
                <SettingsIcon fontSize="small" />
              </IconButton>
            </HoverHint>
          ) : (
            <Button
              color="inherit"
              size="small"
              startIcon={<SettingsIcon fontSize="small" />}
              aria-haspopup="menu"
              onClick={(event) => setGearAnchor(event.currentTarget)}
              sx={{ textTransform: 'none' }}
            >
              {translate('haulboard.sidebar.manage')}
            </Button>
          )}
          {managing && (
            <Button size="small" variant="contained" onClick={() => setMode(0)}>
              {translate('haulboard.sidebar.done')}
            </Button>
          )}
          <Menu anchorEl={gearAnchor} open={!!gearAnchor} onClose={() => setGearAnchor(null)}>
            <MenuItem
              onClick={() => {
                setGearAnchor(null);
                setMode(1);
              }}
            >
              {translate('haulboard.sidebar.add_group')}
            </MenuItem>
            <MenuItem
              onClick={() => {
                setGearAnchor(null);
                setMode(2);
              }}
            >
              {translate('haulboard.sidebar.reorder_groups')}
            </MenuItem>
          </Menu>
        </Box>
      )}
    </Box>
  );
}
