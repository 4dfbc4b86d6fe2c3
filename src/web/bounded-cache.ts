// A map that forgets its oldest entries past a size, so a long-running server's memory stays flat.

export class BoundedCache<T> {
  private readonly entries = new Map<string, T>();
  constructor(private readonly size: number) {}

  get(key: string, make: () => T): T {
    const found = this.entries.get(key);
    if (found !== undefined) return found;
    const value = make();
    this.entries.set(key, value);
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}
