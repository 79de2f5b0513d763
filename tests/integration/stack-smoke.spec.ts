// The stack is up and reachable through its only public door: the gateway answers its health check.
const gatewayUrl = process.env.GATEWAY_URL;

describe('stack smoke', () => {
  it('has GATEWAY_URL (run through npm test)', () => {
    expect(gatewayUrl).toMatch(/^https?:\/\//);
  });

  it('GET /api/health answers 200 with JSON', async () => {
    const response = await fetch(new URL('/api/health', gatewayUrl));

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    await expect(response.json()).resolves.toEqual(expect.any(Object));
  });
});
