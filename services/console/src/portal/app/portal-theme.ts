import type { PortalTheme } from '../session/portal-session';

/**
 * The look a project gives its portal (`PortalTheme` in openapi.yaml), as the CSS custom
 * properties an embedding page can also read: --portal-primary, --portal-background,
 * --portal-text, --portal-radius, --portal-font. Mantine's own variables point at them
 * (portal-mantine.ts). Colours derived from them (hover, tints, secondary text, borders, the
 * text on a primary button) are worked out here, as plain colours, so contrast checkers read
 * them as any other.
 */
export const DEFAULT_THEME = {
  // Mantine's blue.8: white on it, and it on white, meet WCAG AA (as the console's primary).
  primary_color: '#1864ab',
  background_color: '#ffffff',
  text_color: '#000000',
  border_radius_px: 4,
  font_family: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji'",
} as const satisfies Required<PortalTheme>;

type Rgb = [number, number, number];

function parse(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function css([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** `a` over `b` at `share` (0..1). */
function mix(a: Rgb, b: Rgb, share: number): Rgb {
  return [0, 1, 2].map((i) => a[i]! * share + b[i]! * (1 - share)) as Rgb;
}

/** WCAG relative luminance. */
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const HEX = /^#[0-9a-fA-F]{6}$/;
const FONT = /^[A-Za-z0-9 ,'-]{1,100}$/;

/** Every variable the portal sets on its root, from a theme (anything missing or malformed takes the default). */
export function themeVariables(theme: PortalTheme = {}): Record<string, string> {
  const hex = (value: string | undefined, fallback: string) => (value && HEX.test(value) ? value : fallback);
  const primary = parse(hex(theme.primary_color, DEFAULT_THEME.primary_color));
  const background = parse(hex(theme.background_color, DEFAULT_THEME.background_color));
  const text = parse(hex(theme.text_color, DEFAULT_THEME.text_color));
  const radius = Number.isInteger(theme.border_radius_px) && theme.border_radius_px! >= 0 && theme.border_radius_px! <= 24;
  const font = theme.font_family && FONT.test(theme.font_family) ? theme.font_family : DEFAULT_THEME.font_family;
  const white: Rgb = [255, 255, 255];
  const black: Rgb = [0, 0, 0];
  // Darken on a light background, lighten on a dark one: a hover must differ from what it covers.
  const shade = luminance(background) > 0.5 ? black : white;
  return {
    '--portal-primary': css(primary),
    '--portal-background': css(background),
    '--portal-text': css(text),
    '--portal-radius': `${radius ? theme.border_radius_px : DEFAULT_THEME.border_radius_px}px`,
    '--portal-font': font,
    '--portal-primary-hover': css(mix(shade, primary, 0.15)),
    '--portal-primary-contrast': css(contrast(white, primary) >= contrast(black, primary) ? white : black),
    '--portal-primary-tint': css(mix(primary, background, 0.12)),
    '--portal-primary-tint-hover': css(mix(primary, background, 0.2)),
    // Secondary text three quarters of the way to the text colour keeps well above AA on any theme whose text is readable.
    '--portal-dimmed': css(mix(text, background, 0.75)),
    '--portal-surface-hover': css(mix(text, background, 0.06)),
    '--portal-border': css(mix(text, background, 0.3)),
  };
}

/** Sets the theme on `root` through the CSSOM (element.style.setProperty), which the page's CSP allows; inline style markup it would not. */
export function applyTheme(root: HTMLElement, theme: PortalTheme = {}): void {
  for (const [name, value] of Object.entries(themeVariables(theme))) root.style.setProperty(name, value);
}
