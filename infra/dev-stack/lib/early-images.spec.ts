import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { buildImagesEarly } from './early-images';

/** A checkout whose image build prints its arguments and exits with `code`. */
function fakeRoot(code: number) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'early-images-'));
  fs.mkdirSync(path.join(root, 'infra/images'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'infra/images/build.mjs'),
    `console.log('args', process.argv.slice(2).join(' ')); process.exit(${code});`,
  );
  return root;
}

describe('buildImagesEarly', () => {
  it('builds from dist/ as it is, at the lowest priority, logging to the file', async () => {
    const root = fakeRoot(0);
    const logFile = path.join(root, 'images-build.log');
    const { child, done } = buildImagesEarly(root, logFile);
    const result = await done;
    expect(result).toMatchObject({ ok: true, logFile });
    expect(result.seconds).toBeGreaterThanOrEqual(0);
    expect(fs.readFileSync(logFile, 'utf8')).toContain('args --no-build');
    expect(child.spawnargs.slice(0, 3)).toEqual(['nice', '-n', '19']);
  });

  it('reports a failed build (the deploy phase then builds again and shows the log)', async () => {
    const root = fakeRoot(3);
    await expect(buildImagesEarly(root, path.join(root, 'log')).done).resolves.toMatchObject({ ok: false });
  });
});
