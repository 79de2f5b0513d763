import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { Logger } from '../core/logger';
import { Collection, CollectionOptions } from './collection';

const STATE_VERSION = 1;
const SAVE_DEBOUNCE_MS = 100;

interface PersistedState {
  version: number;
  collections: Record<string, Array<{ id: string }>>;
}

/**
 * All sandbox state: named collections that resource modules create for themselves, so a new resource
 * (Connect accounts, Issuing cards, …) is one more `collection()` call. Kept in memory; with a data
 * directory, also written to `<dir>/state.json` (debounced, atomically) and read back at boot.
 */
export class SandboxStore {
  private readonly collections = new Map<string, Collection<{ id: string }>>();
  private readonly file: string | null;
  private loaded: PersistedState['collections'] = {};
  private saveTimer: NodeJS.Timeout | null = null;

  constructor(
    dataDir: string | null,
    private readonly logger?: Logger,
  ) {
    this.file = dataDir ? join(dataDir, 'state.json') : null;
    if (this.file) {
      mkdirSync(dataDir as string, { recursive: true });
      this.loaded = readState(this.file);
    }
  }

  collection<T extends { id: string }>(name: string, options: CollectionOptions): Collection<T> {
    if (this.collections.has(name)) throw new Error(`Collection "${name}" is declared twice.`);
    const collection = new Collection<T>(name, options, () => this.scheduleSave());
    collection.load((this.loaded[name] ?? []) as T[]);
    this.collections.set(name, collection as unknown as Collection<{ id: string }>);
    return collection;
  }

  /** The object with this id in whichever collection owns its prefix (longest prefix wins). */
  findById(id: string): { id: string } | undefined {
    let best: Collection<{ id: string }> | undefined;
    for (const collection of this.collections.values()) {
      const prefix = collection.options.idPrefix;
      if (prefix && id.startsWith(prefix) && prefix.length > (best?.options.idPrefix?.length ?? 0)) {
        best = collection;
      }
    }
    return best?.get(id);
  }

  counts(): Record<string, number> {
    return Object.fromEntries(Array.from(this.collections, ([name, collection]) => [name, collection.size]));
  }

  /** Writes pending changes now (on shutdown). */
  flush(): void {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    if (!this.file) return;
    const state: PersistedState = {
      version: STATE_VERSION,
      collections: Object.fromEntries(Array.from(this.collections, ([name, c]) => [name, c.all()])),
    };
    const temporary = `${this.file}.tmp`;
    writeFileSync(temporary, JSON.stringify(state));
    renameSync(temporary, this.file);
  }

  private scheduleSave(): void {
    if (!this.file || this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      try {
        this.flush();
      } catch (error) {
        // A failed background save must not take the sandbox down; the next change tries again.
        this.logger?.error({ err: error, file: this.file }, 'could not save sandbox state');
      }
    }, SAVE_DEBOUNCE_MS);
    this.saveTimer.unref();
  }
}

function readState(file: string): PersistedState['collections'] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  const state = JSON.parse(text) as PersistedState;
  if (state.version !== STATE_VERSION) {
    throw new Error(
      `${file} has state version ${state.version}; this sandbox reads ${STATE_VERSION}. Delete it.`,
    );
  }
  return state.collections;
}
