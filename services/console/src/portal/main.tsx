// Placeholder entry of the consumer portal, so the api's serving test has a page; the console's
// portal (its own chunk, never the console's main bundle) replaces it.
const root = document.getElementById('portal-root');
if (root) root.textContent = 'Webhooks portal';
