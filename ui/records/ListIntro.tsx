import { Box, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';

/** What a list's screen is for, in a paragraph above it (RecordList's header). */
export function ListIntro({ text }: { text: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ px: 2, pt: 1.5, pb: 1 }}>
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: '80ch' }}>
        {translate(text)}
      </Typography>
    </Box>
  );
}
