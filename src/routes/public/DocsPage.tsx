import { Box, List, ListItemButton, ListItemText, Paper } from '@mui/material';
import { Navigate, Link as RouterLink, useParams } from 'react-router-dom';
import { useT } from '../../i18n/useT';
import { TextPage } from './TextPage';

export const DOC_PAGES = [
  'welcome', 'feature-permissions', 'getting-started', 'environment-variables', 'deployment', 'api-calls', 'analytics',
  'authentication', 'routing', 'settings', 'state-management', 'theming', 'support', 'changelog',
] as const;
/** SPEC.md §9: the docs menu has two entries. */
const MENU = ['welcome', 'feature-permissions'] as const;
const BODIES: Partial<Record<(typeof DOC_PAGES)[number], string>> = { welcome: 'docs.welcome_body', 'feature-permissions': 'docs.permissions_body' };

/** /docs/{page}: short pages for now; another issue writes them in full. */
export default function DocsPage() {
  const t = useT();
  const { page = 'welcome' } = useParams();
  if (!DOC_PAGES.includes(page as never)) return <Navigate to="/404" replace />;
  const name = page as (typeof DOC_PAGES)[number];
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { md: '220px 1fr' }, gap: 3 }}>
      <Paper component="nav" aria-label={t('docs.menu')}>
        <List>
          {MENU.map((entry) => (
            <ListItemButton key={entry} component={RouterLink} to={`/docs/${entry}`} selected={entry === name} aria-current={entry === name ? 'page' : undefined}>
              <ListItemText primary={t(`docs.pages.${entry}`)} />
            </ListItemButton>
          ))}
        </List>
      </Paper>
      <TextPage title={t(`docs.pages.${name}`)} paragraphs={[t(BODIES[name] ?? 'docs.placeholder')]} />
    </Box>
  );
}
