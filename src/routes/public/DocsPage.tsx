import './docs/messages';
import { Box, List, ListItemButton, ListItemText, ListSubheader, Paper } from '@mui/material';
import { useEffect, useState } from 'react';
import { Navigate, Link as RouterLink, useParams } from 'react-router-dom';
import { useT } from '../../i18n/useT';
import { DocArticle } from './docs/DocArticle';
import { DocsSearch } from './docs/DocsSearch';
import { LivePermissions } from './docs/LivePermissions';
import { DOC_MENU, DOC_PAGES, type DocPage, isDocPage, loadDoc } from './docs/pages';

/** The parts of pages drawn by a component (`<!-- haulboard:live-permissions -->`). */
const COMPONENTS = { 'live-permissions': () => <LivePermissions /> };

/**
 * /docs/{page}: the documentation, Markdown files of the repository (docs/, CHANGELOG.md) loaded with this page only.
 * Beside it the search, the menu (Welcome, Feature Permissions: docs/product/administration.md#public-site) and the
 * index of every page; on a phone the search comes first, then the page, then the menus.
 */
export default function DocsPage() {
  const { page = 'welcome' } = useParams();
  if (!isDocPage(page)) return <Navigate to="/404" replace />;
  return <Docs page={page} />;
}

function Docs({ page }: { page: DocPage }) {
  const t = useT();
  const [loaded, setLoaded] = useState<{ page: DocPage; source: string | Error } | null>(null);
  const title = t(`docs.pages.${page}`);

  useEffect(() => {
    let cancelled = false;
    loadDoc(page).then(
      (source) => !cancelled && setLoaded({ page, source }),
      (error: Error) => !cancelled && setLoaded({ page, source: error }),
    );
    return () => {
      cancelled = true;
    };
  }, [page]);

  useEffect(() => {
    const before = document.title;
    document.title = `${title} · ${t('docs.title')} · Haulboard`;
    return () => {
      document.title = before;
    };
  }, [title, t]);

  const entry = (name: DocPage) => (
    <ListItemButton key={name} component={RouterLink} to={`/docs/${name}`} selected={name === page} aria-current={name === page ? 'page' : undefined} sx={{ py: 0.25 }}>
      <ListItemText primary={t(`docs.pages.${name}`)} />
    </ListItemButton>
  );
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '230px minmax(0, 1fr)' }, gridTemplateAreas: { xs: '"search" "page" "menu"', md: '"search page" "menu page"' }, gridTemplateRows: { md: 'auto 1fr' }, columnGap: 3, rowGap: 2 }}>
      <Box sx={{ gridArea: 'search' }}><DocsSearch /></Box>
      <Paper component="nav" aria-label={t('docs.menu')} sx={{ gridArea: 'menu', alignSelf: 'start', position: { md: 'sticky' }, top: { md: 16 } }}>
        <List dense subheader={<ListSubheader component="p" disableSticky sx={{ lineHeight: 2.5 }}>{t('docs.menu')}</ListSubheader>}>{DOC_MENU.map(entry)}</List>
        <List dense sx={{ pt: 0 }} subheader={<ListSubheader component="p" disableSticky sx={{ lineHeight: 2.5 }}>{t('docs.index')}</ListSubheader>}>{DOC_PAGES.map(entry)}</List>
      </Paper>
      <Paper sx={{ gridArea: 'page', p: { xs: 2, sm: 4 }, minWidth: 0 }}>
        <DocArticle source={loaded?.page === page ? loaded.source : null} components={COMPONENTS} label={title} />
      </Paper>
    </Box>
  );
}
