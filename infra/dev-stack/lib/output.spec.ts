import { formatDuration, formatLogLine, stripAnsi } from './output';

describe('terminal output', () => {
  it('shows a pino line as time, level, context and message', () => {
    const line = JSON.stringify({
      level: 30,
      time: Date.UTC(2026, 0, 1, 9, 5, 7, 42),
      context: 'NestApplication',
      msg: 'started',
    });
    expect(stripAnsi(formatLogLine(line))).toBe('09:05:07.042 info [NestApplication] started');
  });

  it('shows a request log as method, path, status and duration, and an error with its stack', () => {
    const request = {
      level: 30,
      time: 0,
      req: { method: 'GET', url: '/api/health' },
      res: { statusCode: 200 },
      responseTime: 12,
      msg: 'request completed',
    };
    expect(stripAnsi(formatLogLine(JSON.stringify(request)))).toBe(
      '00:00:00.000 info GET /api/health → 200 (12 ms)',
    );
    const failure = {
      level: 50,
      time: 0,
      msg: 'failed',
      err: { message: 'boom', stack: 'Error: boom\n    at x' },
    };
    expect(stripAnsi(formatLogLine(JSON.stringify(failure)))).toBe(
      '00:00:00.000 error failed\nError: boom\n    at x',
    );
  });

  it('leaves other lines alone', () => {
    expect(formatLogLine('MailDev webapp running')).toBe('MailDev webapp running');
    expect(formatLogLine('{not json')).toBe('{not json');
    expect(formatLogLine('{"a":1}')).toBe('{"a":1}');
  });

  it('formats durations', () => {
    expect(formatDuration(450)).toBe('450 ms');
    expect(formatDuration(12_340)).toBe('12.3 s');
    expect(formatDuration(125_000)).toBe('2 min 5 s');
  });
});
