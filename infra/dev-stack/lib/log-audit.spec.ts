import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { auditLogs, findCardNumbers, luhnValid } from './log-audit';

describe('card numbers in logs', () => {
  it('checks Luhn', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('4000000000000002')).toBe(true);
  });

  it.each([
    ['plain', 'card 4242424242424242 used', ['424242…4242']],
    ['grouped by spaces', '{"msg":"pan 4000 0000 0000 0002"}', ['400000…0002']],
    ['grouped by dashes', 'x=5555-5555-5555-4444;', ['555555…4444']],
    ['Amex, 15 digits', '378282246310005', ['378282…0005']],
  ])('finds a card number written %s, masked', (_, text, expected) =>
    expect(findCardNumbers(text)).toEqual(expected),
  );

  it.each([
    ['a pino timestamp', '{"level":30,"time":1795333640526,"msg":"ok"}'],
    ['a number failing Luhn', 'ref 4242424242424241'],
    ['a uuid', 'id 4d2a4242-4242-4242-4242-424242424242'],
    ['a request id whose first groups are digits', '"requestId":"45826604-8323-4141-b0f6-48d9779f2ce1"'],
    ['an amount in pence', '{"amountPence":500000}'],
    ['a decimal', 'took 4242424242424242.5 ms'],
  ])('ignores %s', (_, text) => expect(findCardNumbers(text)).toEqual([]));

  it('scans every log of a run and says where', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'log-audit-'));
    fs.writeFileSync(path.join(dir, 'gateway.log'), 'fine\n{"msg":"card 4242 4242 4242 4242"}\n');
    fs.writeFileSync(path.join(dir, 'payments.log'), '{"time":1795333640526}\n');
    fs.writeFileSync(path.join(dir, 'stripe-sandbox.log'), 'card_number=4000000000000002\n');
    fs.writeFileSync(path.join(dir, 'notes.txt'), '4242424242424242\n');
    expect(auditLogs(dir)).toEqual({
      files: 3,
      lines: 7,
      findings: [
        { file: 'gateway.log', line: 2, masked: '424242…4242' },
        { file: 'stripe-sandbox.log', line: 1, masked: '400000…0002' },
      ],
    });
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
