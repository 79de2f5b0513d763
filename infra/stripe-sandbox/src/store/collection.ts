import { resourceMissing } from '../core/stripe-error';

export interface CollectionOptions {
  /** Stripe's name for the object, used in `No such …` errors. */
  objectName: string;
  /** Ids starting with this prefix belong here; lets `expand` find an object from its id alone. */
  idPrefix?: string;
  /** Oldest entries are dropped beyond this size (debug records that would otherwise grow forever). */
  maxSize?: number;
}

/**
 * One kind of object, kept in insertion order (which is creation order: lists are newest first).
 * Every change notifies the store so it can be persisted.
 */
export class Collection<T extends { id: string }> {
  private readonly items = new Map<string, T>();

  constructor(
    readonly name: string,
    readonly options: CollectionOptions,
    private readonly onChange: () => void,
  ) {}

  get size(): number {
    return this.items.size;
  }

  get(id: string): T | undefined {
    return this.items.get(id);
  }

  /** The object, or Stripe's 404 `resource_missing`. */
  require(id: string, param = 'id'): T {
    const item = this.items.get(id);
    if (!item) throw resourceMissing(this.options.objectName, id, param);
    return item;
  }

  insert(item: T): T {
    this.items.set(item.id, item);
    const { maxSize } = this.options;
    if (maxSize !== undefined && this.items.size > maxSize) {
      const oldest = this.items.keys().next().value;
      if (oldest !== undefined) this.items.delete(oldest);
    }
    this.onChange();
    return item;
  }

  /** Stores a changed version of an existing object (objects are replaced, never edited in place). */
  replace(item: T): T {
    if (!this.items.has(item.id)) throw resourceMissing(this.options.objectName, item.id);
    this.items.set(item.id, item);
    this.onChange();
    return item;
  }

  delete(id: string): void {
    if (this.items.delete(id)) this.onChange();
  }

  /** Newest first, as Stripe lists objects. */
  newestFirst(): T[] {
    return Array.from(this.items.values()).reverse();
  }

  /** Oldest first: the persisted order. */
  all(): T[] {
    return Array.from(this.items.values());
  }

  load(items: T[]): void {
    this.items.clear();
    for (const item of items) this.items.set(item.id, item);
  }
}
