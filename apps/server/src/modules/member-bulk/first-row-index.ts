/**
 * The first row of each key (an email, a member id) across one whole file (docs/design.md §3, duplicates inside
 * the file): the only state a check keeps from its first row to its last. Kept off the JavaScript heap, as
 * the keys' UTF-8 bytes in one growing buffer and an open-addressing table of entry numbers: about 50 bytes
 * per key instead of a Map entry and a string (about 150), and, being outside the heap, not multiplied by the
 * headroom V8 leaves above the live heap before it collects (a 300,000-row file keeps 300,000 keys).
 */
export class FirstRowIndex {
  private bytes = Buffer.allocUnsafe(64 * 1024);
  private used = 0;
  /** Per entry: where its key starts in `bytes`, its length, its row. */
  private starts = new Int32Array(1024);
  private lengths = new Int32Array(1024);
  private rows = new Int32Array(1024);
  private count = 0;
  /** Entry number + 1 per slot (0 = free); a power of two, at most half full. */
  private slots = new Int32Array(2048);

  get size() {
    return this.count;
  }

  /** The row that claimed `key` first; or, when none did, `rowNumber` claims it and undefined is returned. */
  claim(key: string, rowNumber: number): number | undefined {
    const found = this.lookup(key);
    if (found.entry >= 0) return this.rows[found.entry];
    this.add(found.slot, found.start, found.length, rowNumber);
    return undefined;
  }

  /** The row that claimed `key`, without claiming it (undefined when none did). */
  firstRow(key: string): number | undefined {
    const found = this.lookup(key);
    return found.entry >= 0 ? this.rows[found.entry] : undefined;
  }

  /** The key's entry (-1 when absent) and, for an absent key, the free slot and its bytes to keep. */
  private lookup(key: string) {
    // The key is written after the stored ones: compared from there, and kept there if it is new.
    this.reserve(key.length * 3);
    const length = this.bytes.write(key, this.used, 'utf8');
    const start = this.used;
    const mask = this.slots.length - 1;
    for (let slot = hash(this.bytes, start, length) & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot]! - 1;
      if (entry < 0) return { entry: -1, slot, start, length };
      const at = this.starts[entry]!;
      if (
        this.lengths[entry] === length &&
        this.bytes.compare(this.bytes, start, start + length, at, at + length) === 0
      )
        return { entry, slot, start, length };
    }
  }

  private add(slot: number, start: number, length: number, rowNumber: number) {
    if (this.count === this.starts.length) {
      this.starts = grow(this.starts);
      this.lengths = grow(this.lengths);
      this.rows = grow(this.rows);
    }
    const entry = this.count++;
    this.starts[entry] = start;
    this.lengths[entry] = length;
    this.rows[entry] = rowNumber;
    this.slots[slot] = entry + 1;
    this.used += length;
    if (this.count * 2 > this.slots.length) this.rehash();
  }

  private reserve(extra: number) {
    if (this.used + extra <= this.bytes.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.used + extra));
    this.bytes.copy(next, 0, 0, this.used);
    this.bytes = next;
  }

  private rehash() {
    this.slots = new Int32Array(this.slots.length * 2);
    const mask = this.slots.length - 1;
    for (let entry = 0; entry < this.count; entry += 1) {
      let slot = hash(this.bytes, this.starts[entry]!, this.lengths[entry]!) & mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
      this.slots[slot] = entry + 1;
    }
  }
}

const grow = (a: Int32Array) => {
  const next = new Int32Array(a.length * 2);
  next.set(a);
  return next;
};

/** FNV-1a over the key's bytes. */
function hash(bytes: Buffer, start: number, length: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < start + length; i += 1) {
    h ^= bytes[i]!;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
