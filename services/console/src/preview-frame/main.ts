/**
 * The page an email's HTML is shown in (shared/html-frame.tsx). It lives in a frame sandboxed
 * with scripts but without its origin, and the api serves it under a policy of its own: the
 * email's inline styles and `<style>` apply (the console's policy, which a srcdoc frame would
 * inherit, refuses them) while its scripts and event handlers never run (script-src 'self' only,
 * and DOMParser marks parsed scripts inert). It takes HTML only from the page that framed it.
 */
window.addEventListener('message', (event: MessageEvent<{ html?: unknown }>) => {
  if (event.source !== window.parent || typeof event.data?.html !== 'string') return;
  const parsed = new DOMParser().parseFromString(event.data.html, 'text/html');
  if (!parsed.documentElement.lang) parsed.documentElement.lang = document.documentElement.lang;
  document.replaceChild(document.adoptNode(parsed.documentElement), document.documentElement);
});
window.parent.postMessage({ ready: true }, '*');
