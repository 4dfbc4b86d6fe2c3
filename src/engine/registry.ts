// A registry of named things (rulesets, combat systems). Looking up an unknown id says which exist,
// because the id usually comes from a GM's game.yaml.

export class UnknownIdError extends Error {
  override name = 'UnknownIdError';
}

export class Registry<T extends { id: string }> {
  private readonly items = new Map<string, T>();

  constructor(
    private readonly what: string,
    items: readonly T[] = [],
  ) {
    for (const item of items) this.add(item);
  }

  add(item: T): this {
    if (this.items.has(item.id)) throw new Error(`The ${this.what} "${item.id}" is registered twice.`);
    this.items.set(item.id, item);
    return this;
  }

  has(id: string): boolean {
    return this.items.has(id);
  }

  get(id: string): T {
    const item = this.items.get(id);
    if (!item) {
      throw new UnknownIdError(`There is no ${this.what} "${id}"; known ${this.what}s: ${this.ids().join(', ') || 'none'}.`);
    }
    return item;
  }

  ids(): string[] {
    return [...this.items.keys()].sort();
  }

  all(): T[] {
    return [...this.items.values()];
  }
}
