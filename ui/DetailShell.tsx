import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Link } from '@mui/material';
import type { ReactNode } from 'react';
import { Title } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

/**
 * The frame of one record's own page (an invoice, a factoring schedule, a customer's receivable): the window's
 * title, a link back to its list, then the page. contain: the layout sizes itself to its content's widest line, so
 * without it a wide table would widen the whole screen on a phone; inside, tables scroll sideways instead.
 */
export function DetailShell({
  title,
  back,
  maxWidth = 1000,
  children,
}: {
  title: string;
  back: { to: string; label: string };
  maxWidth?: number;
  children: ReactNode;
}) {
  return (
    <Box
      sx={{
        p: { xs: 1, sm: 2 },
        width: '100%',
        maxWidth: { xs: '100%', md: maxWidth },
        minWidth: 0,
        boxSizing: 'border-box',
        contain: 'inline-size',
      }}
    >
      <Title title={title} />
      <Link component={RouterLink} to={back.to} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1 }}>
        <ArrowBackIcon fontSize="small" />
        {back.label}
      </Link>
      {children}
    </Box>
  );
}
