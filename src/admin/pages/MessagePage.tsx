import { Box, Button, Paper, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/** A titled message inside the layout: placeholders, account-flow pages, template pointers. */
export function MessagePage({
  title,
  body,
  action,
  children,
}: {
  title: string;
  body: string;
  action?: { label: string; to: string };
  children?: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Paper sx={{ p: { xs: 3, sm: 4 }, maxWidth: 760, overflowWrap: 'anywhere' }}>
      <Title title={title} />
      <Typography component="h1" variant="h5" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">{body}</Typography>
      {children}
      {action && (
        <Box sx={{ mt: 3 }}>
          <Button component={RouterLink} to={action.to} variant="contained">
            {translate(action.label, { _: action.label })}
          </Button>
        </Box>
      )}
    </Paper>
  );
}
