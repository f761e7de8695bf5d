import './messages';
import { Alert, Box, Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { findFeature } from '../../../../authProvider/access';
import { apiFetch, unwrap } from '../../../../dataProvider/http';
import { getGroups, getToken } from '../../../../dataProvider/session';
import type { PermissionMatrix } from '../../../../schema/accessSettings';
import { SECTIONS } from '../../../../schema/features';
import { PERMISSIONS } from '../../../../schema/roles';
import { visuallyHidden } from '../../../../ui/visuallyHidden';
import { useT } from '../../../i18n/useT';
import { letters } from './lettersOf';

const ACCESS_SETTINGS = '/app/permissions';

type State = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'done'; matrix: PermissionMatrix };

/**
 * /docs/feature-permissions for a reader who may read Access Settings: the company's matrix as the server holds it now
 * (custom roles and every change included), one row per screen and a column per role. Others are told how to see it;
 * the defaults above it are for everyone. Editing stays on Access Settings, and the API calls each permission allows
 * on its Permission model tab: this table links there rather than drawing them again.
 */
export function LivePermissions() {
  const t = useT();
  const signedIn = !!getToken();
  const mayRead = signedIn && !!findFeature(ACCESS_SETTINGS, getGroups())?.permissions.includes('Read');
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    if (!mayRead) return;
    let cancelled = false;
    apiFetch('/api/Permission/get-features-permissions-info').then(
      (body) => !cancelled && setState({ status: 'done', matrix: unwrap<PermissionMatrix>(body) }),
      (error: Error) => !cancelled && setState({ status: 'failed', message: error.message }),
    );
    return () => {
      cancelled = true;
    };
  }, [mayRead]);

  // Opened at #live-permissions, the section is brought back into view once its table has arrived (drawn, it grew).
  useEffect(() => {
    if (state.status === 'done' && window.location.hash === '#live-permissions') document.getElementById('live-permissions')?.scrollIntoView({ block: 'start' });
  }, [state.status]);

  const heading = <Typography component="h2" variant="h5" id="live-permissions" tabIndex={-1} sx={{ outline: 'none', scrollMarginTop: 16 }}>{t('docs.live.title')}</Typography>;
  if (!signedIn) {
    return (
      <Box component="section" aria-labelledby="live-permissions" sx={{ my: 3 }}>
        {heading}
        <Alert severity="info" sx={{ mt: 1 }} action={<Button component={RouterLink} to="/login" color="inherit">{t('docs.live.sign_in_action')}</Button>}>{t('docs.live.sign_in')}</Alert>
      </Box>
    );
  }
  if (!mayRead) {
    return (
      <Box component="section" aria-labelledby="live-permissions" sx={{ my: 3 }}>
        {heading}
        <Alert severity="info" sx={{ mt: 1 }}>{t('docs.live.no_access')}</Alert>
      </Box>
    );
  }
  return (
    <Box component="section" aria-labelledby="live-permissions" sx={{ my: 3 }}>
      {heading}
      {state.status === 'loading' && <Typography role="status" color="text.secondary">{t('docs.live.loading')}</Typography>}
      {state.status === 'failed' && <Alert severity="error">{t('docs.live.failed', { message: state.message })}</Alert>}
      {state.status === 'done' && <MatrixTable matrix={state.matrix} />}
    </Box>
  );
}

function MatrixTable({ matrix }: { matrix: PermissionMatrix }) {
  const t = useT();
  const roles = matrix.roles.filter((role) => role.name !== 'Any');
  const screens = matrix.features.filter((feature) => feature.parentFeatureId === null);
  const sections = [...new Set([...SECTIONS, ...screens.map((f) => f.section)])].map((section) => ({ section, features: screens.filter((f) => f.section === section) })).filter((s) => s.features.length);
  return (
    <>
      <Typography sx={{ my: 1 }}>{t('docs.live.intro', { version: matrix.version, users: t('docs.live.holders') })}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Button component={RouterLink} to={ACCESS_SETTINGS} size="small" variant="outlined">{t('docs.live.edit')}</Button>
        <Button component={RouterLink} to={`${ACCESS_SETTINGS}?tab=model`} size="small">{t('docs.live.model')}</Button>
      </Box>
      <Box className="doc-scroll" tabIndex={0} role="region" aria-label={t('docs.live.caption')} sx={{ overflowX: 'auto', maxWidth: '100%', position: 'relative' }}>
        <Table size="small" sx={{ '& td, & th': { px: 1, whiteSpace: 'nowrap' } }}>
          <Box component="caption" sx={visuallyHidden}>{t('docs.live.caption')}</Box>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">{t('docs.live.screen')}</TableCell>
              {roles.map((role) => (
                <TableCell key={role.id} component="th" scope="col" align="center">
                  {role.name}
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>{t('docs.live.users', { smart_count: role.userCount })}</Typography>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {sections.map(({ section, features }) => [
              <TableRow key={section}>
                <TableCell component="th" scope="colgroup" colSpan={roles.length + 1} sx={{ fontWeight: 600, bgcolor: 'action.hover' }}>{section}</TableCell>
              </TableRow>,
              ...features.map((feature) => (
                <TableRow key={feature.id} data-feature={feature.key}>
                  <TableCell component="th" scope="row">{feature.title}</TableCell>
                  {roles.map((role) => {
                    const held = role.grants[feature.id] ?? [];
                    return (
                      <TableCell key={role.id} align="center" data-role={role.name} sx={{ fontFamily: 'monospace' }}>
                        <span aria-hidden="true">{letters(held)}</span>
                        <Box component="span" sx={visuallyHidden}>{held.length ? PERMISSIONS.filter((p) => held.includes(p)).join(', ') : t('docs.live.none')}</Box>
                      </TableCell>
                    );
                  })}
                </TableRow>
              )),
            ])}
          </TableBody>
        </Table>
      </Box>
    </>
  );
}
