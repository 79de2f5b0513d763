import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { precompressFile } from './precompress';

describe('precompressFile', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'precompress-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes brotli and gzip copies that decode to the original, each smaller than it', async () => {
    const file = path.join(dir, 'index-abc123.js');
    const source = 'export const greeting = "hello";\n'.repeat(200);
    await writeFile(file, source);
    await expect(precompressFile(file)).resolves.toBe(true);
    const brotli = await readFile(`${file}.br`);
    const gzip = await readFile(`${file}.gz`);
    expect(brotliDecompressSync(brotli).toString()).toBe(source);
    expect(gunzipSync(gzip).toString()).toBe(source);
    expect(brotli.length).toBeLessThan(gzip.length);
    expect(gzip.length).toBeLessThan(source.length);
  });

  it('leaves files under 1 KB alone', async () => {
    const file = path.join(dir, 'tiny.css');
    await writeFile(file, 'a{color:red}');
    await expect(precompressFile(file)).resolves.toBe(false);
    await expect(stat(`${file}.br`)).rejects.toThrow();
  });
});
