import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { DateRangeInputs } from '../shared/date-range-inputs';
import { PRESETS, type Granularity, type Preset, type Range } from './range';

interface RangePickerProps {
  range: Range;
  customFrom: string;
  customTo: string;
  onChange(next: { preset: Preset; from?: string; to?: string; granularity?: Granularity }): void;
}

/**
 * The overview's period: a preset applies at once; "Custom" opens From/To, applied with its
 * button so that typing a date does not fetch at every keystroke. The granularity is the chart's.
 */
export function RangePicker({ range, customFrom, customTo, onChange }: RangePickerProps) {
  const [custom, setCustom] = useState(range.preset === 'custom');
  const [draft, setDraft] = useState({ from: customFrom || range.dateFrom, to: customTo });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange({ preset: 'custom', from: draft.from, to: draft.to });
  };
  return (
    <Stack gap="xs">
      <Group gap="lg" align="flex-end">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="range-label">
            Range
          </Text>
          <SegmentedControl
            aria-labelledby="range-label"
            data={PRESETS}
            value={custom ? 'custom' : range.preset}
            onChange={(value) => {
              if (value === 'custom') setCustom(true);
              else {
                setCustom(false);
                onChange({ preset: value as Preset });
              }
            }}
          />
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="granularity-label">
            Chart by
          </Text>
          <SegmentedControl
            aria-labelledby="granularity-label"
            data={[
              { value: 'hour', label: 'Hour' },
              { value: 'day', label: 'Day' },
            ]}
            value={range.granularity}
            onChange={(value) => onChange({ preset: range.preset, from: customFrom, to: customTo, granularity: value as Granularity })}
          />
        </Stack>
      </Group>
      {custom && (
        <form onSubmit={submit} aria-label="Custom range">
          <Group align="flex-end" gap="sm">
            <DateRangeInputs from={draft.from} to={draft.to} onChange={setDraft} />
            <Button type="submit" disabled={!draft.from}>
              Show this range
            </Button>
          </Group>
        </form>
      )}
    </Stack>
  );
}
