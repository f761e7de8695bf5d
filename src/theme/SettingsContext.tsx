import { CssBaseline, GlobalStyles, type Theme, ThemeProvider, useMediaQuery } from '@mui/material';
import { type ReactNode, createContext, useContext, useEffect, useMemo, useState } from 'react';
import { DEFAULT_SETTINGS, type Settings, THEMES, buildTheme } from './themes';
import { TAP_TARGET } from '../../ui/shellSizes';

/** Settings are kept in localStorage under 'settings' (docs/settings.md#display). */
export const SETTINGS_STORAGE_KEY = 'settings';

export function readSettings(): Settings {
  try {
    const stored = JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? 'null') as Partial<Settings> | null;
    if (!stored || typeof stored !== 'object') return DEFAULT_SETTINGS;
    return {
      theme: THEMES.includes(stored.theme as never) ? (stored.theme as Settings['theme']) : DEFAULT_SETTINGS.theme,
      direction: stored.direction === 'rtl' ? 'rtl' : 'ltr',
      responsiveFontSizes:
        typeof stored.responsiveFontSizes === 'boolean'
          ? stored.responsiveFontSizes
          : DEFAULT_SETTINGS.responsiveFontSizes,
    };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

interface SettingsContextValue {
  settings: Settings;
  theme: Theme;
  saveSettings: (next: Settings) => void;
}

const SettingsContext = createContext<SettingsContextValue>({
  settings: DEFAULT_SETTINGS,
  theme: buildTheme(DEFAULT_SETTINGS),
  saveSettings: () => undefined,
});

export function SettingsProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState<Settings>(readSettings);
  // The system's own setting, followed as it changes (docs/settings.md#display).
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const theme = useMemo(() => buildTheme(settings, { reducedMotion }), [settings, reducedMotion]);
  useEffect(() => {
    document.documentElement.dir = settings.direction;
  }, [settings.direction]);
  const value = useMemo<SettingsContextValue>(
    () => ({
      settings,
      theme,
      saveSettings: (next) => {
        localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(next));
        setSettings(next);
      },
    }),
    [settings, theme],
  );
  return (
    <SettingsContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <GlobalStyles
          styles={{
            '.skip-link': {
              position: 'absolute',
              left: -9999,
              top: 8,
              zIndex: 3000,
              padding: '8px 12px',
              // A full tap target when a keyboard user on a phone lands on it (docs/product/shell.md#phone).
              minHeight: TAP_TARGET,
              display: 'inline-flex',
              alignItems: 'center',
              background: theme.palette.background.paper,
              color: theme.palette.text.primary,
            },
            '.skip-link:focus': { left: 8 },
          }}
        />
        {children}
      </ThemeProvider>
    </SettingsContext.Provider>
  );
}

export const useSettings = () => useContext(SettingsContext);
