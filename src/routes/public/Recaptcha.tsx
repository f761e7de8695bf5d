import { Box } from '@mui/material';
import { useEffect, useRef } from 'react';

interface Grecaptcha {
  render(element: HTMLElement, options: { sitekey: string; callback: (token: string) => void; 'expired-callback': () => void; 'error-callback': () => void }): number;
}
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    haulboardRecaptchaLoaded?: () => void;
  }
}

/**
 * Registration's "I'm not a robot" check, only when the app was built with VITE_RECAPTCHA_SITE_KEY (the server checks
 * the token when RECAPTCHA_SECRET is set). Without it nothing of Google's is loaded and the token is null.
 */
export const RECAPTCHA_SITE_KEY: string | undefined = import.meta.env.VITE_RECAPTCHA_SITE_KEY || undefined;

let script: Promise<Grecaptcha> | null = null;
function loadRecaptcha(): Promise<Grecaptcha> {
  script ??= new Promise((resolve, reject) => {
    window.haulboardRecaptchaLoaded = () => resolve(window.grecaptcha!);
    const tag = document.createElement('script');
    tag.src = 'https://www.google.com/recaptcha/api.js?onload=haulboardRecaptchaLoaded&render=explicit';
    tag.async = true;
    tag.onerror = () => {
      script = null;
      reject(new Error('reCAPTCHA could not be loaded'));
    };
    document.head.appendChild(tag);
  });
  return script;
}

/** The checkbox; `onToken` gets its token, null again when it expires or fails. */
export function Recaptcha({ siteKey, onToken, onUnavailable }: { siteKey: string; onToken: (token: string | null) => void; onUnavailable: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  const handlers = useRef({ onToken, onUnavailable });
  handlers.current = { onToken, onUnavailable };
  useEffect(() => {
    let cancelled = false;
    loadRecaptcha().then((grecaptcha) => {
      if (cancelled || !box.current || box.current.childElementCount) return;
      grecaptcha.render(box.current, {
        sitekey: siteKey,
        callback: (token) => handlers.current.onToken(token),
        'expired-callback': () => handlers.current.onToken(null),
        'error-callback': () => handlers.current.onToken(null),
      });
    }, () => handlers.current.onUnavailable());
    return () => {
      cancelled = true;
    };
  }, [siteKey]);
  return <Box ref={box} sx={{ minHeight: 78 }} />;
}
