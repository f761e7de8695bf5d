import './messages';
import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import DriveFileRenameOutline from '@mui/icons-material/DriveFileRenameOutline';
import {
  Box,
  Button,
  Chip,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import { ACCESS_MESSAGES, type MatrixRole, newRoleBody, renameRoleBody } from '../../schema/accessSettings';
import { ActionDialog } from '../../ui/ActionDialog';
import { HoverHint } from '../../ui/HoverHint';
import { LoadProblem } from '../../ui/LoadProblem';
import { usePhone } from '../../ui/usePhone';
import { editableRoles, useMatrix } from './useMatrix';

type Dialog = { kind: 'create'; from: MatrixRole | null } | { kind: 'rename' | 'delete'; role: MatrixRole };

/** Screens a role can open (Read), for the table's count. */
const readable = (role: MatrixRole) => Object.values(role.grants).filter((list) => list.includes('Read')).length;

/**
 * The roles: built-in ones (docs/product/accounts.md#roles; the product refers to them by name, so they keep it) and
 * custom ones made by copying a role; a custom role is renamed freely and deleted once nobody holds it.
 */
export default function RolesTab({
  onUsers,
  onMatrix,
}: {
  onUsers: (roleId: number) => void;
  onMatrix: (roleId: number) => void;
}) {
  const translate = useTranslate();
  const phone = usePhone();
  const queryClient = useQueryClient();
  const { data: matrix, error } = useMatrix();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  if (error) return <LoadProblem message={ACCESS_MESSAGES.rolesLoad} />;
  if (!matrix)
    return (
      <Typography sx={{ p: 2 }} color="text.secondary">
        {translate('haulboard.app.loading')}
      </Typography>
    );
  const roles = editableRoles(matrix);
  const reread = () => void queryClient.invalidateQueries({ queryKey: ['accessSettings'] });
  const roleChoices = roles.map((r) => ({ value: String(r.id), label: r.name }));

  const actions = (role: MatrixRole) => (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <HoverHint title={translate('haulboard.access.copy_role', { role: role.name })}>
        <IconButton
          aria-label={translate('haulboard.access.copy_role', { role: role.name })}
          onClick={() => setDialog({ kind: 'create', from: role })}
        >
          <ContentCopy fontSize="small" />
        </IconButton>
      </HoverHint>
      {!role.isSystem && (
        <HoverHint title={translate('haulboard.access.rename_role', { role: role.name })}>
          <IconButton
            aria-label={translate('haulboard.access.rename_role', { role: role.name })}
            onClick={() => setDialog({ kind: 'rename', role })}
          >
            <DriveFileRenameOutline fontSize="small" />
          </IconButton>
        </HoverHint>
      )}
      {!role.isSystem && (
        <HoverHint
          title={
            role.userCount
              ? ACCESS_MESSAGES.roleInUse(role.userCount)
              : translate('haulboard.access.delete_role', { role: role.name })
          }
        >
          <span>
            <IconButton
              aria-label={translate('haulboard.access.delete_role', { role: role.name })}
              disabled={role.userCount > 0}
              onClick={() => setDialog({ kind: 'delete', role })}
            >
              <DeleteOutline fontSize="small" />
            </IconButton>
          </span>
        </HoverHint>
      )}
    </Stack>
  );
  const kindChip = (role: MatrixRole) => (
    <Chip
      size="small"
      variant="outlined"
      label={translate(role.isSystem ? 'haulboard.access.built_in' : 'haulboard.access.custom')}
    />
  );

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 200 }}>
          {translate('haulboard.access.roles_help')}
        </Typography>
        <Button variant="contained" onClick={() => setDialog({ kind: 'create', from: null })}>
          {translate('haulboard.access.new_role')}
        </Button>
      </Box>
      {phone ? (
        <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {roles.map((role) => (
            <Box component="li" key={role.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Typography sx={{ fontWeight: 600, flex: 1 }}>{role.name}</Typography>
                {kindChip(role)}
              </Box>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
                <Button size="small" onClick={() => onUsers(role.id)}>
                  {translate('haulboard.access.holders', { smart_count: role.userCount })}
                </Button>
                <Button size="small" onClick={() => onMatrix(role.id)}>
                  {translate('haulboard.access.screens', { smart_count: readable(role) })}
                </Button>
                <Box sx={{ ml: 'auto' }}>{actions(role)}</Box>
              </Box>
            </Box>
          ))}
        </Stack>
      ) : (
        <Table size="small" aria-label={translate('haulboard.access.roles')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('haulboard.access.role')}</TableCell>
              <TableCell>{translate('haulboard.access.kind')}</TableCell>
              <TableCell>{translate('haulboard.access.users')}</TableCell>
              <TableCell>{translate('haulboard.access.screens_column')}</TableCell>
              <TableCell align="right">{translate('haulboard.access.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {roles.map((role) => (
              <TableRow key={role.id}>
                <TableCell component="th" scope="row">
                  {role.name}
                </TableCell>
                <TableCell>{kindChip(role)}</TableCell>
                <TableCell>
                  <Button size="small" onClick={() => onUsers(role.id)}>
                    {translate('haulboard.access.holders', { smart_count: role.userCount })}
                  </Button>
                </TableCell>
                <TableCell>
                  <Button size="small" onClick={() => onMatrix(role.id)}>
                    {translate('haulboard.access.screens', { smart_count: readable(role) })}
                  </Button>
                </TableCell>
                <TableCell align="right">{actions(role)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {dialog?.kind === 'create' && (
        <ActionDialog
          title={translate('haulboard.access.new_role')}
          intro={translate('haulboard.access.new_role_intro')}
          fields={[
            { name: 'name', label: 'haulboard.access.role_name', kind: 'text', required: true },
            {
              name: 'copyFromRoleId',
              label: 'haulboard.access.copy_from',
              kind: 'select',
              choices: roleChoices,
              required: true,
              numeric: true,
            },
          ]}
          initial={{ name: '', copyFromRoleId: dialog.from ? String(dialog.from.id) : '' }}
          schema={newRoleBody}
          path="/api/Role"
          done="haulboard.access.role_created"
          submitLabel={translate('haulboard.access.create')}
          onClose={() => setDialog(null)}
          onDone={reread}
        />
      )}
      {dialog?.kind === 'rename' && (
        <ActionDialog
          title={translate('haulboard.access.rename_role', { role: dialog.role.name })}
          fields={[{ name: 'name', label: 'haulboard.access.role_name', kind: 'text', required: true }]}
          initial={{ name: dialog.role.name }}
          schema={renameRoleBody}
          method="PUT"
          path={`/api/Role/${dialog.role.id}`}
          done="haulboard.access.role_renamed"
          submitLabel={translate('haulboard.access.rename')}
          onClose={() => setDialog(null)}
          onDone={reread}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ActionDialog
          title={translate('haulboard.access.delete_role', { role: dialog.role.name })}
          intro={translate('haulboard.access.delete_intro')}
          fields={[]}
          initial={{}}
          schema={renameRoleBody.partial()}
          method="DELETE"
          path={`/api/Role/${dialog.role.id}`}
          done="haulboard.access.role_deleted"
          submitLabel={translate('ra.action.delete')}
          onClose={() => setDialog(null)}
          onDone={reread}
        />
      )}
    </Box>
  );
}
