import fs from 'node:fs';
import path from 'node:path';

import { REPO_ROOT } from './render';

/** The Node apps that run as their own process (a `src/main.ts`): each needs an image, a compose service and a Deployment. */
export function serverApps(appsDir = path.join(REPO_ROOT, 'apps')): string[] {
  return fs
    .readdirSync(appsDir)
    .filter((name) => fs.existsSync(path.join(appsDir, name, 'src', 'main.ts')))
    .sort();
}
