// A Map that holds at most `max` entries: adding one more drops the oldest. For what an instance
// keeps in memory per caller (verified tokens, sessions, memberships), so no caller can grow it
// without bound.
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly max: number) {
    super();
  }

  override set(key: K, value: V) {
    if (!this.has(key) && this.size >= this.max) this.delete(this.keys().next().value as K);
    return super.set(key, value);
  }
}
