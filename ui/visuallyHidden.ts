/**
 * Styles that hide an element from the eye but not from a screen reader (a live region, a chart's figures). Sizes are
 * strings: in MUI's sx a bare 1 means 100%.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
