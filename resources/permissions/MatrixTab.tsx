import './messages';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import {
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { type HttpError, useNotify, useTranslate } from 'ra-core';
import { useEffect, useMemo, useState } from 'react';
import { ACCESS_MESSAGES, type PermissionMatrix } from '../../schema/accessSettings';
import { PERMISSIONS, type Permission } from '../../schema/roles';
import { LoadProblem } from '../../ui/LoadProblem';
import { usePhone } from '../../ui/usePhone';
import { visuallyHidden } from '../../ui/visuallyHidden';
import { ACCESS_KEYS, accessSettingsApi } from './api';
import {
  type Draft,
  changedByRole,
  changesOf,
  currentCell,
  isLocked,
  rebase,
  savedCell,
  setCell,
  toggle,
} from './matrixDraft';
import { editableRoles, screensBySection, useMatrix } from './useMatrix';

/** Unsaved edits survive a refresh of the page (not a new tab): kept per browser tab until saved or discarded. */
const DRAFT_KEY = 'accessSettingsDraft';
const readDraft = (): Draft => {
  try {
    return JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? '{}') as Draft;
  } catch {
    return {};
  }
};

/**
 * The matrix for one role at a time: each screen with its six permissions, edited in place. Edits collect into one
 * change set (every role's), shown as unsaved until Save sends them at once against the version read; a newer version
 * (another administrator saved) is reported and the edits are kept on top of what they saved.
 */
export default function MatrixTab({ roleId, onRole }: { roleId: number | null; onRole: (roleId: number) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const phone = usePhone();
  const queryClient = useQueryClient();
  const { data: matrix, error } = useMatrix();
  const [draft, setDraft] = useState<Draft>(readDraft);
  const [saving, setSaving] = useState(false);
  const [stale, setStale] = useState(false);
  const [justSaved, setJustSaved] = useState(false);

  useEffect(() => {
    if (Object.keys(draft).length) sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
    else sessionStorage.removeItem(DRAFT_KEY);
  }, [draft]);
  // A draft kept from before a refresh, against the matrix as it is now.
  useEffect(() => {
    if (matrix) setDraft((current) => rebase(matrix, current));
  }, [matrix]);
  // Leaving the page with unsaved edits asks first.
  const unsaved = Object.keys(draft).length;
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  const roles = useMemo(() => (matrix ? editableRoles(matrix) : []), [matrix]);
  const sections = useMemo(() => (matrix ? screensBySection(matrix) : []), [matrix]);
  const perRole = changedByRole(draft);
  if (error) return <LoadProblem message={ACCESS_MESSAGES.rolesLoad} />;
  if (!matrix)
    return (
      <Typography sx={{ p: 2 }} color="text.secondary">
        {translate('haulboard.app.loading')}
      </Typography>
    );
  const role = roles.find((r) => r.id === roleId) ?? roles[0];

  const change = (featureId: number, permission: Permission, on: boolean) => {
    setJustSaved(false);
    setDraft((current) =>
      setCell(
        matrix,
        current,
        role.id,
        featureId,
        toggle(currentCell(matrix, current, role.id, featureId), permission, on),
      ),
    );
  };
  const save = async () => {
    setSaving(true);
    try {
      const result = await accessSettingsApi.save(matrix.version, changesOf(draft));
      setDraft({});
      setStale(false);
      setJustSaved(true);
      notify('haulboard.access.saved', { type: 'success', messageArgs: { smart_count: result.changed } });
      await queryClient.invalidateQueries({ queryKey: ACCESS_KEYS.matrix });
      void queryClient.invalidateQueries({ queryKey: ACCESS_KEYS.model });
    } catch (failure) {
      const body = (failure as HttpError).body as { current?: PermissionMatrix } | undefined;
      if ((failure as HttpError).status === 409 && body?.current) {
        // What the other administrator saved, with this one's edits still on top of it.
        queryClient.setQueryData(ACCESS_KEYS.matrix, body.current);
        setStale(true);
      } else notify((failure as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const rolePicker = phone ? (
    <TextField
      select
      fullWidth
      size="small"
      label={translate('haulboard.access.role')}
      value={role.id}
      onChange={(event) => onRole(Number(event.target.value))}
    >
      {roles.map((r) => (
        <MenuItem key={r.id} value={r.id}>
          {r.name}
          {perRole.get(r.id)
            ? ` (${translate('haulboard.access.unsaved_short', { smart_count: perRole.get(r.id) })})`
            : ''}
        </MenuItem>
      ))}
    </TextField>
  ) : (
    <List
      dense
      aria-label={translate('haulboard.access.roles')}
      sx={{ minWidth: 200, borderRight: 1, borderColor: 'divider', pr: 1 }}
    >
      {roles.map((r) => (
        // A list holds items only: each button inside its own item (axe-core's list rule).
        <ListItem key={r.id} disablePadding>
          <ListItemButton
            selected={r.id === role.id}
            onClick={() => onRole(r.id)}
            aria-current={r.id === role.id ? 'true' : undefined}
          >
            <ListItemText
              primary={r.name}
              secondary={translate('haulboard.access.holders', { smart_count: r.userCount })}
            />
            {perRole.get(r.id) ? (
              <Badge
                color="warning"
                badgeContent={perRole.get(r.id)}
                aria-label={translate('haulboard.access.unsaved_short', { smart_count: perRole.get(r.id) })}
                sx={{ mr: 1 }}
              />
            ) : null}
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );

  return (
    <Box>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1,
          mb: 1,
          // Under the top bar (64 high, 56 on a phone), in view all the way down the matrix.
          position: 'sticky',
          top: { xs: 56, sm: 64 },
          zIndex: 2,
          bgcolor: 'background.paper',
          py: 1,
        }}
      >
        <Typography
          role="status"
          sx={{ flex: 1, minWidth: 180, display: 'flex', alignItems: 'center', gap: 0.5 }}
          color={unsaved ? 'warning.main' : 'text.secondary'}
        >
          {unsaved ? (
            translate('haulboard.access.unsaved', { smart_count: unsaved, roles: perRole.size })
          ) : (
            <>
              <CheckCircleOutline fontSize="small" color={justSaved ? 'success' : 'disabled'} />
              {translate('haulboard.access.all_saved')}
            </>
          )}
        </Typography>
        <Button
          disabled={!unsaved || saving}
          onClick={() => {
            setDraft({});
            setStale(false);
          }}
        >
          {translate('haulboard.access.discard')}
        </Button>
        <Button variant="contained" disabled={!unsaved || saving} onClick={save}>
          {translate(saving ? 'haulboard.access.saving' : 'haulboard.access.save')}
        </Button>
      </Box>
      {stale && (
        <Alert severity="warning" sx={{ mb: 1 }} onClose={() => setStale(false)}>
          {ACCESS_MESSAGES.stale}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexDirection: phone ? 'column' : 'row', gap: 2 }}>
        {rolePicker}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {translate('haulboard.access.role_heading', { role: role.name })}
          </Typography>
          <Table
            size="small"
            sx={{ tableLayout: 'fixed', '& td, & th': { px: { xs: 0.25, sm: 1 } } }}
            aria-label={translate('haulboard.access.role_heading', { role: role.name })}
          >
            <TableHead>
              <TableRow>
                <TableCell>{translate('haulboard.access.screen')}</TableCell>
                {PERMISSIONS.map((p) => (
                  <TableCell key={p} align="center" sx={{ width: { xs: 30, sm: 84 } }}>
                    <Box
                      component="span"
                      aria-hidden={phone || undefined}
                      title={translate(`haulboard.access.permissions.${p}`)}
                    >
                      {phone ? p[0] : translate(`haulboard.access.permissions.${p}`)}
                    </Box>
                    {phone && (
                      <Box component="span" sx={visuallyHidden}>
                        {translate(`haulboard.access.permissions.${p}`)}
                      </Box>
                    )}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {sections.map(({ section, features }) => [
                <TableRow key={section}>
                  <TableCell
                    component="th"
                    scope="colgroup"
                    colSpan={PERMISSIONS.length + 1}
                    sx={{ bgcolor: 'action.hover', fontWeight: 600 }}
                  >
                    {section}
                  </TableCell>
                </TableRow>,
                ...features.map((feature) => {
                  const cell = currentCell(matrix, draft, role.id, feature.id);
                  const changed = draft[`${role.id}:${feature.id}`] !== undefined;
                  const saved = savedCell(matrix, role.id, feature.id);
                  return (
                    <TableRow
                      key={feature.id}
                      sx={changed ? { bgcolor: (theme) => alpha(theme.palette.warning.main, 0.16) } : undefined}
                    >
                      <TableCell component="th" scope="row" sx={{ wordBreak: 'break-word' }}>
                        {feature.title}
                        {changed && (
                          <Typography component="span" variant="caption" sx={{ display: 'block' }}>
                            {translate('haulboard.access.was', {
                              permissions: saved.length
                                ? saved.map((p) => translate(`haulboard.access.permissions.${p}`)).join(', ')
                                : translate('haulboard.access.no_access'),
                            })}
                          </Typography>
                        )}
                      </TableCell>
                      {PERMISSIONS.map((p) => (
                        <TableCell key={p} align="center" sx={{ py: 0 }}>
                          <Checkbox
                            size="small"
                            sx={{ p: { xs: 0.5, sm: 1 } }}
                            checked={cell.includes(p)}
                            disabled={saving || isLocked(role.name, feature.key, p)}
                            onChange={(event) => change(feature.id, p, event.target.checked)}
                            slotProps={{
                              input: {
                                'aria-label': translate('haulboard.access.cell_label', {
                                  permission: translate(`haulboard.access.permissions.${p}`),
                                  screen: feature.title,
                                  role: role.name,
                                }),
                              },
                            }}
                          />
                        </TableCell>
                      ))}
                    </TableRow>
                  );
                }),
              ])}
            </TableBody>
          </Table>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('haulboard.access.rules_help')}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}
