import path from 'node:path';

/**
 * Vite names every built asset after its content hash (assets/index-B1x2y3z4.js): it never changes. The
 * file sent may be its precompressed twin (….js.br, ….js.gz).
 */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[\w-]{8,}\.\w+(\.br|\.gz)?$/;

/**
 * Cache-Control for a file of the SPA: hashed assets for a year and immutable (a new build has new names);
 * everything else (index.html, favicon, robots.txt) revalidated on every use, so a deploy shows at once.
 */
export function cacheControlFor(file: string): string {
  return HASHED_ASSET.test(path.normalize(file)) ? 'public, max-age=31536000, immutable' : 'no-cache';
}
