import { useSystem } from '../../support/system-fixture';

const f = useSystem();

const http = () => f.http();

describe('health', () => {
  it('when PostgreSQL and RabbitMQ answer, then healthy without a key', async () => {
    const res = await http().get('/api/v1/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'healthy', checks: { database: 'ok', broker: 'ok' } });
  });
});
