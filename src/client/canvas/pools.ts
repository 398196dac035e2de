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
