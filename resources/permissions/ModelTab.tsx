import './messages';
import PrintIcon from '@mui/icons-material/Print';
import { Box, Button, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { ACCESS_MESSAGES, PERMISSION_MEANINGS } from '../../schema/accessSettings';
import { PERMISSIONS } from '../../schema/roles';
import { LoadProblem } from '../../ui/LoadProblem';
import { ACCESS_KEYS, accessSettingsApi } from './api';
import { editableRoles, screensBySection, useMatrix } from './useMatrix';

/**
 * The permission model, for administrators (docs/feature-permissions.md#meanings): for each screen, what each
 * permission allows — in words, and as the API calls the server lets it make (read off the routes' own declarations) —
 * and which roles hold it now. Everything comes from the live matrix and the running server, so it cannot drift from
 * what is enforced.
 */
export default function ModelTab() {
  const translate = useTranslate();
  const { data: matrix, error } = useMatrix();
  const model = useQuery({ queryKey: ACCESS_KEYS.model, queryFn: accessSettingsApi.model, staleTime: 60_000 });
  if (error || model.error) return <LoadProblem message={ACCESS_MESSAGES.rolesLoad} />;
  if (!matrix || !model.data)
    return (
      <Typography sx={{ p: 2 }} color="text.secondary">
        {translate('haulboard.app.loading')}
      </Typography>
    );
  const roles = editableRoles(matrix);
  const children = (featureId: number) => matrix.features.filter((f) => f.parentFeatureId === featureId);

  return (
    <Box component="article" sx={{ maxWidth: 1100 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'baseline' }}>
        <Typography variant="h5" component="h2" sx={{ flex: 1 }}>
          {translate('haulboard.access.model_title')}
        </Typography>
        <Button startIcon={<PrintIcon />} onClick={() => window.print()} className="no-print">
          {translate('haulboard.access.print')}
        </Button>
      </Box>
      <Typography sx={{ my: 1 }}>{translate('haulboard.access.model_intro', { version: matrix.version })}</Typography>
      <Table size="small" aria-label={translate('haulboard.access.meanings')} sx={{ mb: 3 }}>
        <TableBody>
          {PERMISSIONS.map((p) => (
            <TableRow key={p}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600, width: 120 }}>
                {translate(`haulboard.access.permissions.${p}`)}
              </TableCell>
              <TableCell>{PERMISSION_MEANINGS[p]}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {screensBySection(matrix).map(({ section, features }) => (
        <Box component="section" key={section} sx={{ mb: 3 }}>
          <Typography variant="h6" component="h3" sx={{ borderBottom: 1, borderColor: 'divider', mb: 1 }}>
            {section}
          </Typography>
          {features.map((feature) => {
            const calls = model.data.calls[feature.key] ?? {};
            const extra = children(feature.id);
            return (
              <Box key={feature.id} sx={{ mb: 2, breakInside: 'avoid' }} id={`feature-${feature.key}`}>
                <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
                  {feature.title}{' '}
                  <Typography component="span" variant="body2" color="text.secondary">
                    {feature.uri}
                  </Typography>
                </Typography>
                {extra.length > 0 && (
                  <Typography variant="body2" color="text.secondary">
                    {translate('haulboard.access.also_governs', {
                      screens: extra.map((f) => `${f.title} (${f.uri})`).join(', '),
                    })}
                  </Typography>
                )}
                <Box sx={{ overflowX: 'auto' }}>
                  <Table
                    size="small"
                    aria-label={translate('haulboard.access.model_of', { screen: feature.title })}
                    sx={{ '& td, & th': { verticalAlign: 'top' } }}
                  >
                    <TableHead>
                      <TableRow>
                        <TableCell sx={{ width: 100 }}>{translate('haulboard.access.permission')}</TableCell>
                        <TableCell>{translate('haulboard.access.allows')}</TableCell>
                        <TableCell sx={{ width: '30%' }}>{translate('haulboard.access.held_by')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {PERMISSIONS.map((p) => {
                        const holders = roles.filter((r) => r.grants[feature.id]?.includes(p));
                        const list = calls[p] ?? [];
                        if (!list.length && !holders.length) return null;
                        return (
                          <TableRow key={p}>
                            <TableCell component="th" scope="row">
                              {translate(`haulboard.access.permissions.${p}`)}
                            </TableCell>
                            <TableCell>
                              {list.length ? (
                                <Box component="ul" sx={{ m: 0, pl: 2 }}>
                                  {list.map((call) => (
                                    <li key={`${call.method} ${call.url}`}>
                                      {call.summary || call.url}{' '}
                                      <Typography
                                        component="code"
                                        variant="caption"
                                        color="text.secondary"
                                        sx={{ wordBreak: 'break-all' }}
                                      >
                                        {call.method} {call.url}
                                      </Typography>
                                    </li>
                                  ))}
                                </Box>
                              ) : (
                                <Typography variant="body2" color="text.secondary">
                                  {translate('haulboard.access.no_calls')}
                                </Typography>
                              )}
                            </TableCell>
                            <TableCell>
                              {holders.length ? (
                                holders.map((r) => (
                                  <Chip key={r.id} size="small" label={r.name} sx={{ mr: 0.5, mb: 0.5 }} />
                                ))
                              ) : (
                                <Typography variant="body2" color="text.secondary">
                                  {translate('haulboard.access.nobody_holds')}
                                </Typography>
                              )}
                            </TableCell>
                          </TableRow>
                        );
                      })}
                    </TableBody>
                  </Table>
                </Box>
              </Box>
            );
          })}
        </Box>
      ))}
    </Box>
  );
}
