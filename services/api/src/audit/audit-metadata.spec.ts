import { auditMetadata } from './audit-metadata';

describe('auditMetadata', () => {
  it('when a resource is created, then its id comes from the response and only listed values are kept', () => {
    const metadata = auditMetadata(
      { action: 'template.created', record: ['body.name', 'body.channel'] },
      {
        params: {},
        query: {},
        body: { name: 'welcome', channel: 'email', body: '<p>private</p>' },
        sentFields: ['name', 'channel', 'body'],
      },
      { id: 't-1', name: 'welcome' },
    );
    expect(metadata).toEqual({ target_id: 't-1', fields: ['body', 'channel', 'name'], name: 'welcome', channel: 'email' });
  });

  it('when the path names the resource, then the path id wins and other path parameters are kept', () => {
    const metadata = auditMetadata(
      { action: 'template.upserted', record: ['query.channel', 'response.requeued'] },
      { params: { id: 'p-1', name: 'digest' }, query: { channel: 'sms' }, body: undefined, sentFields: [] },
      { id: 'other', requeued: true },
    );
    expect(metadata).toEqual({ target_id: 'p-1', name: 'digest', channel: 'sms', requeued: true });
  });

  it('when a listed value is absent, then it is left out rather than recorded as null', () => {
    expect(
      auditMetadata({ action: 'x', record: ['body.channel', 'nonsense'] }, { params: {}, query: {}, body: {}, sentFields: [] }, undefined),
    ).toEqual({});
  });
});
