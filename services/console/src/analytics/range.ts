import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type Preset = '24h' | '7d' | '30d' | 'custom';
export type Granularity = 'hour' | 'day';

const HOUR_MS = 3_600_000;
const PRESET_MS: Record<Exclude<Preset, 'custom'>, number> = { '24h': 24 * HOUR_MS, '7d': 7 * 24 * HOUR_MS, '30d': 30 * 24 * HOUR_MS };

export const PRESETS: Array<{ value: Preset; label: string }> = [
  { value: '24h', label: 'Last 24 hours' },
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: 'custom', label: 'Custom' },
];

export interface Range {
  preset: Preset;
  /** ISO; for a preset, counted back from now (to the minute, so the queries' keys hold still for a minute). */
  dateFrom: string;
  /** ISO, or undefined for "up to now" (the api's default). */
  dateTo: string | undefined;
  granularity: Granularity;
}

function isPreset(value: string | null): value is Preset {
  return value === '24h' || value === '7d' || value === '30d' || value === 'custom';
}

/** Hours read well up to two days; past that a bar per hour is too thin to see. */
function defaultGranularity(fromMs: number, toMs: number): Granularity {
  return toMs - fromMs <= 2 * 24 * HOUR_MS ? 'hour' : 'day';
}

/**
 * The overview's range as the URL keeps it: `range` (a preset, or `custom` with ISO `from` and
 * `to`) and `granularity`, so a shared link shows the same view. Unset or unreadable parts fall
 * back to the last 24 hours by the hour.
 */
export function useRange() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('range');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const granularityParam = params.get('granularity');
  const minute = Math.floor(Date.now() / 60_000) * 60_000;

  const range = useMemo<Range>(() => {
    const preset: Preset = isPreset(raw) ? raw : '24h';
    let fromMs: number;
    let toMs = minute;
    let dateTo: string | undefined;
    if (preset === 'custom' && from && !Number.isNaN(Date.parse(from))) {
      fromMs = Date.parse(from);
      if (to && !Number.isNaN(Date.parse(to))) {
        toMs = Date.parse(to);
        dateTo = new Date(toMs).toISOString();
      }
    } else {
      fromMs = minute - PRESET_MS[preset === 'custom' ? '24h' : preset];
    }
    const granularity = granularityParam === 'hour' || granularityParam === 'day' ? granularityParam : defaultGranularity(fromMs, toMs);
    return { preset, dateFrom: new Date(fromMs).toISOString(), dateTo, granularity };
  }, [raw, from, to, granularityParam, minute]);

  /** A new range; granularity goes back to the range's default unless given. */
  const setRange = useCallback(
    (next: { preset: Preset; from?: string; to?: string; granularity?: Granularity }) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        updated.set('range', next.preset);
        for (const key of ['from', 'to', 'granularity'] as const) {
          const value = next.preset === 'custom' || key === 'granularity' ? next[key] : undefined;
          if (value) updated.set(key, value);
          else updated.delete(key);
        }
        return updated;
      }),
    [setParams],
  );

  return { range, customFrom: from, customTo: to, setRange };
}
