import { Box, Link, TextField, Typography } from '@mui/material';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useT } from '../../../i18n/useT';
import { type SearchEntry, type SearchHit, search, searchIndex } from './search';

const hitPath = (hit: SearchHit) => `/docs/${hit.page}#${hit.id}`;

/**
 * The search box over every page of the documentation: results as links to their sections, counted aloud for a
 * screen reader, Enter opening the first. The pages are read on the first search, not before.
 */
export function DocsSearch() {
  const t = useT();
  const navigate = useNavigate();
  const resultsId = useId();
  const [query, setQuery] = useState('');
  const [entries, setEntries] = useState<SearchEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  const active = query.trim().length >= 2;

  useEffect(() => {
    if (!active || entries) return;
    let cancelled = false;
    searchIndex().then((loaded) => !cancelled && setEntries(loaded), () => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [active, entries]);

  const hits = active && entries ? search(entries, query) : [];
  const open = (hit: SearchHit) => {
    setQuery('');
    navigate(hitPath(hit));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && hits[0]) {
      event.preventDefault();
      open(hits[0]);
    } else if (event.key === 'Escape') setQuery('');
  };

  let status = '';
  if (active) {
    if (failed) status = t('docs.load_failed');
    else if (!entries) status = t('docs.searching');
    else status = hits.length ? t('docs.results', { smart_count: hits.length }) : t('docs.no_results', { query: query.trim() });
  }
  return (
    <Box role="search">
      <TextField
        type="search" size="small" fullWidth label={t('docs.search')} value={query} onChange={(event) => setQuery(event.target.value)} onKeyDown={onKeyDown}
        helperText={active ? ' ' : t('docs.search_hint')} slotProps={{ htmlInput: { 'aria-describedby': resultsId, autoComplete: 'off' } }}
      />
      <Typography id={resultsId} role="status" variant="body2" color="text.secondary" sx={{ minHeight: active ? undefined : 0 }}>{status}</Typography>
      {hits.length > 0 && (
        <Box component="ul" aria-label={t('docs.search_results')} sx={{ listStyle: 'none', m: 0, mt: 1, p: 0, display: 'grid', gap: 1 }}>
          {hits.map((hit) => (
            <li key={hitPath(hit)}>
              <Link component={RouterLink} to={hitPath(hit)} onClick={() => setQuery('')} sx={{ fontWeight: 600 }}>
                {hit.heading}
              </Link>
              <Typography variant="caption" color="text.secondary" component="p">{t(`docs.pages.${hit.page}`)} · {hit.snippet}</Typography>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
