import { Alert, Box, Link, Typography } from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { Fragment, type MouseEvent, type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useT } from '../../../i18n/useT';
import { type RenderedDoc, renderDoc } from './markdown';

/** How the rendered Markdown looks, in the theme's colours (light and dark alike). */
export const articleStyles = (theme: Theme) => ({
  overflowWrap: 'anywhere' as const,
  lineHeight: 1.6,
  '& h1': { ...theme.typography.h4, mt: 0, mb: 2 },
  '& h2': { ...theme.typography.h5, mt: 4, mb: 1.5, pb: 0.5, borderBottom: 1, borderColor: 'divider' },
  '& h3': { ...theme.typography.h6, mt: 3, mb: 1 },
  '& h4': { ...theme.typography.subtitle1, fontWeight: 600, mt: 2, mb: 1 },
  '& h1, & h2, & h3, & h4': { scrollMarginTop: theme.spacing(2), outline: 'none' },
  '& :is(h2, h3, h4):focus-visible': { outline: `2px solid ${theme.palette.primary.main}` },
  '& .doc-anchor': { ml: 1, color: 'text.secondary', textDecoration: 'none', opacity: 0, '&:focus': { opacity: 1 } },
  '& :is(h2, h3, h4):hover .doc-anchor': { opacity: 1 },
  '& a': { color: theme.palette.mode === 'dark' ? 'primary.light' : 'primary.main' },
  '& p, & ul, & ol': { my: 1.25 },
  '& li + li': { mt: 0.5 },
  '& code': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '0.875em', bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5 },
  '& pre': { m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, overflowX: 'auto' },
  '& pre code': { bgcolor: 'transparent', p: 0, fontSize: '0.8125rem', overflowWrap: 'normal', whiteSpace: 'pre' },
  '& .doc-scroll': { overflowX: 'auto', my: 2, maxWidth: '100%', '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}` } },
  '& table': { borderCollapse: 'collapse', fontSize: '0.875rem', minWidth: '100%' },
  '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.75, textAlign: 'left', verticalAlign: 'top', overflowWrap: 'normal' },
  '& td code, & th code': { whiteSpace: 'nowrap' },
  '& thead th': { bgcolor: 'action.hover' },
  '& blockquote': { m: 0, my: 2, pl: 2, borderLeft: 4, borderColor: 'divider', color: 'text.secondary' },
});

/**
 * A page of Markdown in the public layout: its HTML, the component parts in their places, an "On this page" list
 * of its sections, links inside the app followed without reloading, and the section named by the address's #hash
 * brought into view and focused once the page is drawn.
 */
export function DocArticle({ source, components, label }: { source: string | null | Error; components: Record<string, () => ReactNode>; label: string }) {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const ref = useRef<HTMLElement>(null);
  const doc: RenderedDoc | null = useMemo(() => (typeof source === 'string' ? renderDoc(source, Object.keys(components)) : null), [source, components]);

  useEffect(() => {
    if (!doc) return;
    const id = decodeURIComponent(location.hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [doc, location.hash]);

  if (source instanceof Error) return <Alert severity="error">{t('docs.load_failed')}</Alert>;
  if (!doc) return <Typography role="status" color="text.secondary">{t('docs.loading')}</Typography>;

  /** Links to the app's own pages are followed by the router; the API's pages and other sites load as usual. */
  const onClick = (event: MouseEvent) => {
    const anchor = (event.target as Element).closest('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href || anchor.target || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    if (href.startsWith('#')) {
      event.preventDefault();
      navigate({ hash: href }, { replace: false });
    } else if (href.startsWith('/') && !/^\/(api|notify)(\/|$)/.test(href)) {
      event.preventDefault();
      navigate(href);
    }
  };

  const sections = doc.headings.filter((h) => h.depth === 2);
  const contents = sections.length >= 4 && (
    <Box component="nav" aria-label={t('docs.on_this_page')} sx={{ my: 2, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Typography variant="subtitle2" component="p" sx={{ mb: 0.5 }}>{t('docs.on_this_page')}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, columns: { sm: 2 } }}>
        {sections.map((h) => <li key={h.id}><Link href={`#${h.id}`}>{h.text}</Link></li>)}
      </Box>
    </Box>
  );
  // The list of sections goes before the first section: under the title and the page's opening words.
  const html = (text: string, index: number) => {
    const cut = index === 0 && contents ? text.indexOf('<h2 ') : -1;
    if (cut < 0) return <div dangerouslySetInnerHTML={{ __html: text }} />;
    return <><div dangerouslySetInnerHTML={{ __html: text.slice(0, cut) }} />{contents}<div dangerouslySetInnerHTML={{ __html: text.slice(cut) }} /></>;
  };
  return (
    <Box component="article" ref={ref} aria-label={label} onClick={onClick} sx={articleStyles}>
      {doc.blocks.map((block, index) => <Fragment key={index}>{block.kind === 'html' ? html(block.html, index) : components[block.name]()}</Fragment>)}
    </Box>
  );
}
