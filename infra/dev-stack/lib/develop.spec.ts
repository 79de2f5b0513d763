import { operatorDashboardUrl } from './develop';

describe('npm start output', () => {
  it('points at the queue dashboard on the first gateway replica’s operator port', () => {
    const replicas = [
      { app: { public: false }, opsPort: null },
      { app: { public: true }, opsPort: 3001 },
      { app: { public: true }, opsPort: 3011 },
    ];
    expect(operatorDashboardUrl(replicas)).toBe('http://localhost:3001/admin/queues');
  });

  it('says nothing when no app has an operator port', () => {
    expect(operatorDashboardUrl([{ app: { public: true }, opsPort: null }])).toBeNull();
  });
});
