import '@mantine/core/styles.css';
import { createRoot } from 'react-dom/client';
import { applyTheme } from './app/portal-theme';
import { PortalApp } from './app/portal-app';
import { createPortalApi, openPortal } from './session/portal-api';
import { portalProjectId, takeCode } from './session/portal-link';
import { PortalSessionStore } from './session/portal-session';

// The code leaves the address bar before anything else happens on the page.
const code = takeCode();
const store = new PortalSessionStore(portalProjectId());
const api = createPortalApi(store);
// The default look until the project's theme arrives, so nothing shows unstyled in between.
applyTheme(document.documentElement);
void openPortal(store, api, code);
// A link opened in a tab already showing the portal changes only the fragment: no page load, so
// the code is taken here and exchanged as on a first load (the new session gets a router of its
// own, made once the code has left the address bar: see PortalScreens).
window.addEventListener('hashchange', () => {
  const next = takeCode();
  if (next) void openPortal(store, api, next);
});

createRoot(document.getElementById('portal-root')!).render(<PortalApp store={store} api={api} />);
