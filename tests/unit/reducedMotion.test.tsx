// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SettingsProvider, useSettings } from '../../src/theme/SettingsContext';
import { DEFAULT_SETTINGS, buildTheme } from '../../src/theme/themes';

afterEach(() => vi.unstubAllGlobals());

/** jsdom has no matchMedia: one that answers `reduce` as the system would. */
function systemMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion: reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
  }));
}

function themeUnder(reduce: boolean) {
  systemMotion(reduce);
  let seen: ReturnType<typeof useSettings>['theme'] | null = null;
  function Read() {
    seen = useSettings().theme;
    return null;
  }
  render(
    <SettingsProvider>
      <Read />
    </SettingsProvider>,
  );
  return seen!;
}

describe('reduced motion (docs/settings.md#display)', () => {
  it('a theme for reduced motion has no transitions, zero durations and no ripple', () => {
    const still = buildTheme(DEFAULT_SETTINGS, { reducedMotion: true });
    expect(still.transitions.create(['opacity', 'transform'])).toBe('none');
    expect(still.transitions.getAutoHeightDuration(400)).toBe(0);
    expect(Object.values(still.transitions.duration).every((ms) => ms === 0)).toBe(true);
    expect(still.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);

    const moving = buildTheme(DEFAULT_SETTINGS);
    expect(moving.transitions.create('opacity')).toMatch(/^opacity \d+ms/);
    expect(moving.transitions.duration.standard).toBeGreaterThan(0);
    expect(moving.components?.MuiButtonBase?.defaultProps?.disableRipple).toBeUndefined();
  });

  it('the app follows the system setting', () => {
    expect(themeUnder(true).transitions.duration.enteringScreen).toBe(0);
    expect(themeUnder(false).transitions.duration.enteringScreen).toBeGreaterThan(0);
  });
});
