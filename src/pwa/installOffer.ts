/**
 * The browser's offer to install the app (beforeinstallprompt), kept from the moment the page starts: it may come
 * before the signed-in layout has loaded. src/main.tsx calls captureInstallPrompt once; the banner reads the offer.
 */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** localStorage key of the remembered answer (kept when the session is cleared, dataProvider/session.ts). */
export const INSTALL_CHOICE_KEY = 'installPrompt';
export type InstallChoice = 'dismissed' | 'installed';

export function installChoice(): InstallChoice | null {
  try {
    const value = localStorage.getItem(INSTALL_CHOICE_KEY);
    return value === 'dismissed' || value === 'installed' ? value : null;
  } catch {
    return null;
  }
}

export function rememberInstallChoice(choice: InstallChoice): void {
  try {
    localStorage.setItem(INSTALL_CHOICE_KEY, choice);
  } catch {
    // Storage refused (private mode): the banner only goes for this page.
  }
}

let offered: BeforeInstallPromptEvent | null = null;
/**
 * The offer is made once the user works on the page (a click, a tap or a key), never over a screen that is still
 * drawing itself: a banner that comes in a few seconds after the page would cover its corner and pull the eye away.
 */
let engaged = false;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

export const installOffer = {
  get: () => (engaged ? offered : null),
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  /** The offer can be used once: prompt() on the same event a second time throws. */
  take(): BeforeInstallPromptEvent | null {
    const event = offered;
    offered = null;
    changed();
    return event;
  },
};

export function captureInstallPrompt(target: Window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser from showing its own mini-infobar: the app offers it at its moment (docs/product/shell.md).
    event.preventDefault();
    offered = event as BeforeInstallPromptEvent;
    changed();
  });
  const engage = () => {
    engaged = true;
    target.removeEventListener('pointerdown', engage, true);
    target.removeEventListener('keydown', engage, true);
    changed();
  };
  target.addEventListener('pointerdown', engage, true);
  target.addEventListener('keydown', engage, true);
  target.addEventListener('appinstalled', () => {
    rememberInstallChoice('installed');
    offered = null;
    changed();
  });
}
