/**
 * The base URL browsers reach the sandbox at (for `checkout.session.url`). Known from config, or, when the
 * sandbox listens on a random port (tests), set once the port is bound.
 */
export class PublicUrl {
  constructor(private value: string | null) {}

  set(value: string): void {
    this.value = value.replace(/\/+$/, '');
  }

  get(): string {
    if (this.value === null) throw new Error('The sandbox public URL is not known before it listens.');
    return this.value;
  }
}
