// Prints the path of the Node.js the images ship, fetched once into .kitty/node-<version>/ (lib/shipped-node.js):
// `npm start -- --shipped-node` runs the stack on it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import shipped from './lib/shipped-node.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
console.log(shipped.fetchShippedNode(path.join(root, '.kitty', `node-${shipped.SHIPPED_NODE_VERSION}`)));
