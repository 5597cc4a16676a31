import { useEffect, useRef, useState } from 'react';

/** Where the frame's page is served from (services/console/preview-frame.html). */
const FRAME_PAGE = '/preview-frame.html';

/**
 * Shows an email's HTML as a mail client would, styles included, in a frame that can reach
 * nothing: sandboxed without its origin (no cookies, no api), under the frame page's own policy
 * (no script of the HTML runs). The HTML goes in by postMessage once the frame says it is ready,
 * and again on every change.
 */
export function HtmlFrame({ html, title, height = 360 }: { html: string; title: string; height?: number }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [loads, setLoads] = useState(0);
  useEffect(() => {
    const onMessage = (event: MessageEvent<{ ready?: boolean }>) => {
      if (event.source === frame.current?.contentWindow && event.data?.ready) setLoads((n) => n + 1);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  useEffect(() => {
    // '*': the frame's origin is opaque, so no other target matches; the HTML is the viewer's own.
    if (loads > 0) frame.current?.contentWindow?.postMessage({ html }, '*');
  }, [loads, html]);
  return (
    <iframe
      ref={frame}
      title={title}
      sandbox="allow-scripts"
      src={FRAME_PAGE}
      style={{ display: 'block', width: '100%', height, border: 0, background: 'white' }}
    />
  );
}
