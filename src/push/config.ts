/**
 * Firebase Cloud Messaging is used only when the build was given every VITE_FIREBASE_* variable; otherwise the app
 * has no push and not a byte of Firebase is downloaded (the SDK is imported only behind this check).
 */
export interface FirebaseSettings {
  apiKey: string;
  authDomain: string;
  projectId: string;
  messagingSenderId: string;
  appId: string;
  /** The web-push certificate's public key (Firebase console → Cloud Messaging). */
  vapidKey: string;
}

export const FIREBASE_VARIABLES: Record<keyof FirebaseSettings, string> = {
  apiKey: 'VITE_FIREBASE_API_KEY',
  authDomain: 'VITE_FIREBASE_AUTH_DOMAIN',
  projectId: 'VITE_FIREBASE_PROJECT_ID',
  messagingSenderId: 'VITE_FIREBASE_MESSAGING_SENDER_ID',
  appId: 'VITE_FIREBASE_APP_ID',
  vapidKey: 'VITE_FIREBASE_VAPID_KEY',
};

/** All six settings, or null when any is missing or blank. */
export function firebaseSettings(env: Record<string, unknown> = import.meta.env): FirebaseSettings | null {
  const settings = {} as FirebaseSettings;
  for (const [key, variable] of Object.entries(FIREBASE_VARIABLES) as [keyof FirebaseSettings, string][]) {
    const value = env[variable];
    if (typeof value !== 'string' || !value.trim()) return null;
    settings[key] = value.trim();
  }
  return settings;
}
