import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { captureInstallPrompt } from './pwa/installOffer';
import { SettingsProvider } from './theme/SettingsContext';

// The browser may offer installation before the signed-in layout has loaded: keep the offer from the start.
captureInstallPrompt(window);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <SettingsProvider>
        <App />
      </SettingsProvider>
    </BrowserRouter>
  </StrictMode>,
);
