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

/**
 * The other colours the portal shows (errors and the delete button in red, warnings in yellow,
 * success in green and teal), Mantine's shades 2, 6 and 9 of each: their tints are mixed into the
 * theme's background, and their text is the dark or the light shade, whichever reads better on it.
 */
const ACCENTS: Record<string, [string, string, string]> = {
  red: ['#ffc9c9', '#fa5252', '#c92a2a'],
  yellow: ['#ffec99', '#fab005', '#e67700'],
  green: ['#b2f2bb', '#40c057', '#2b8a3e'],
  teal: ['#96f2d7', '#12b886', '#087f5b'],
};

/** How far from the background towards the text each of Mantine's ten greys sits (close to its own greys on white). */
const GREY_STEPS = [0.03, 0.06, 0.1, 0.16, 0.3, 0.45, 0.6, 0.72, 0.82, 0.9];

/** `color`, moved towards `extreme` in steps until it reads at WCAG AA (4.5:1) on `on`, or reaches it. */
function readable(color: Rgb, on: Rgb, extreme: Rgb): Rgb {
  let current = color;
  for (let step = 0; step < 10 && contrast(current, on) < 4.5; step++) current = mix(extreme, current, 0.15);
  return current;
}

const HEX = /^#[0-9a-fA-F]{6}$/;
const FONT = /^[A-Za-z0-9 ,'-]{1,100}$/;

/** Every property the portal sets on its root (its variables, and the colour scheme), from a theme (anything missing or malformed takes the default). */
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
    // Not a variable: the browser's own parts (a date field's icon, scroll bars) follow the background.
    'color-scheme': luminance(background) > 0.5 ? 'light' : 'dark',
    '--portal-primary': css(primary),
    '--portal-background': css(background),
    '--portal-text': css(text),
    '--portal-radius': `${radius ? theme.border_radius_px : DEFAULT_THEME.border_radius_px}px`,
    '--portal-font': font,
    '--portal-primary-hover': css(mix(shade, primary, 0.15)),
    '--portal-primary-contrast': css(contrast(white, primary) >= contrast(black, primary) ? white : black),
    '--portal-primary-tint': css(mix(primary, background, 0.12)),
    '--portal-primary-tint-hover': css(mix(primary, background, 0.2)),
    // The primary colour as text (links, light buttons), nudged darker or lighter only as far as AA needs.
    '--portal-primary-text': css(readable(primary, background, shade)),
    '--portal-primary-on-tint': css(readable(primary, mix(primary, background, 0.2), shade)),
    // Secondary text three quarters of the way to the text colour keeps well above AA on any theme whose text is readable.
    '--portal-dimmed': css(mix(text, background, 0.75)),
    '--portal-surface-hover': css(mix(text, background, 0.06)),
    '--portal-border': css(mix(text, background, 0.3)),
    ...Object.fromEntries(
      Object.entries(ACCENTS).flatMap(([name, [light, mid, dark]]) => {
        // Text on the hover tint, the stronger of the two, reads on the plain tint too.
        const hover = mix(parse(mid), background, 0.25);
        const onTint = (on: Rgb) => {
          const [darkText, lightText] = [readable(parse(dark), on, [0, 0, 0]), readable(parse(light), on, [255, 255, 255])];
          return css(contrast(darkText, on) >= contrast(lightText, on) ? darkText : lightText);
        };
        return [
          [`--portal-${name}-tint`, css(mix(parse(mid), background, 0.15))],
          [`--portal-${name}-tint-hover`, css(hover)],
          [`--portal-${name}-on-tint`, onTint(hover)],
          [`--portal-${name}-text`, onTint(background)],
        ];
      }),
    ),
    // Mantine's greys (striped rows, code, borders, secondary text) as steps from the background
    // to the text, so a dark theme gets dark surfaces and light secondary text, not white on white.
    ...Object.fromEntries(GREY_STEPS.map((share, i) => [`--portal-grey-${i}`, css(mix(text, background, share))])),
  };
}

/** Sets the theme on `root` through the CSSOM (element.style.setProperty), which the page's CSP allows; inline style markup it would not. */
export function applyTheme(root: HTMLElement, theme: PortalTheme = {}): void {
  for (const [name, value] of Object.entries(themeVariables(theme))) root.style.setProperty(name, value);
}
