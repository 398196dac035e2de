/**
 * Display-object pools: a frame takes objects in order with `next()` and hides what it did not use
 * with `end()`. Objects are created only when a frame needs more than any frame before it, so a
 * scroll or zoom allocates nothing.
 */
import type { Container, ContainerChild } from 'pixi.js';

export class DisplayPool<T extends ContainerChild> {
  private readonly items: T[] = [];
  private used = 0;
  private readonly parent: Container;
  private readonly create: () => T;

  constructor(parent: Container, create: () => T) {
    this.parent = parent;
    this.create = create;
  }

  begin(): void {
    this.used = 0;
  }

  next(): T {
    let item = this.items[this.used];
    if (!item) {
      item = this.create();
      this.items.push(item);
      this.parent.addChild(item);
    }
    item.visible = true;
    this.used += 1;
    return item;
  }

  end(): void {
    for (let i = this.used; i < this.items.length; i += 1) this.items[i]!.visible = false;
  }

  /** How many objects exist (tests and the leak check read it). */
  get size(): number {
    return this.items.length;
  }
}

/**
 * A pool whose objects stay with a key (an epic id) while it is drawn frame after frame, so a row
 * that only moves keeps its text object and its laid-out glyphs; keys that leave free their object
 * for the next newcomer.
 */
export class KeyedPool<T extends ContainerChild> {
  private readonly byKey = new Map<number, T>();
  private readonly free: T[] = [];
  private readonly seen = new Set<number>();
  private readonly parent: Container;
  private readonly create: () => T;

  constructor(parent: Container, create: () => T) {
    this.parent = parent;
    this.create = create;
  }

  begin(): void {
    this.seen.clear();
  }

  take(key: number): T {
    let item = this.byKey.get(key);
    if (!item) {
      item = this.free.pop();
      if (!item) {
        item = this.create();
        this.parent.addChild(item);
      }
      this.byKey.set(key, item);
    }
    item.visible = true;
    this.seen.add(key);
    return item;
  }

  end(): void {
    for (const [key, item] of this.byKey) {
      if (this.seen.has(key)) continue;
      item.visible = false;
      this.byKey.delete(key);
      this.free.push(item);
    }
  }
}
