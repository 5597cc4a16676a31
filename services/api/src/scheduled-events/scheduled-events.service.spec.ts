import { scheduledForIssues } from './scheduled-events.service';

const now = new Date('2030-01-01T12:00:00Z');

describe('scheduledForIssues', () => {
  it.each(['2030-01-01T12:00:01Z', '2030-01-01T13:30:00+01:00', '2030-01-02T00:00:00.000-05:00'])(
    'when %s is ahead with an offset, then it is fine',
    (v) => {
      expect(scheduledForIssues(v, now)).toEqual([]);
    },
  );

  it.each([
    ['2030-01-02T00:00:00', /timezone offset/],
    ['2030-01-01T12:00:00Z', /in the future/],
    ['2030-01-01T12:30:00+01:00', /in the future/],
  ])('when %s, then 422 on scheduled_for', (v, msg) => {
    const [issue] = scheduledForIssues(v, now);
    expect(issue).toMatchObject({ loc: ['body', 'scheduled_for'], type: 'value_error', msg: expect.stringMatching(msg) });
  });
});
