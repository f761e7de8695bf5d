import { Button, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/** A heading, paragraphs and an optional way back: the shape of every informational page. */
export function TextPage({ title, paragraphs, action, aside }: { title: string; paragraphs: string[]; action?: { label: string; to: string }; aside?: ReactNode }) {
  return (
    <Paper sx={{ p: { xs: 3, sm: 4 }, overflowWrap: 'anywhere' }} component="article">
      <Typography component="h1" variant="h4" gutterBottom>{title}</Typography>
      {paragraphs.map((text) => <Typography key={text} paragraph>{text}</Typography>)}
      {aside}
      {action && <Button component={RouterLink} to={action.to} variant="contained" sx={{ mt: 1 }}>{action.label}</Button>}
    </Paper>
  );
}
