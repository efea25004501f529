import { describe, expect, it } from 'vitest';
import { GAP_SIZES_STRIDE, GapListTable, ListTable, gapBytes } from './list-table';

const lists = (table: ListTable) => Array.from({ length: table.count }, (_, i) => Array.from(table.get(i)));

describe('list tables', () => {
  it('when laid out from a stream of keyed ids, then each list holds its keys in stream order', () => {
    // key 0 has ids 1 and 2, key 1 has id 2, key 5 has ids 0 and 2
    const table = ListTable.fromStream([-1, 1, 2, -2, 2, -6, 0, 2], 8, 3);
    expect(lists(table)).toEqual([[5], [0], [0, 1, 5]]);
    expect(table.size(2)).toBe(3);
    expect(table.last(1)).toBe(0);
  });

  it('when inverted, then each id lists the keys holding it once, in key order', () => {
    const table = ListTable.invert([0, 2, 2], [2, 2, 5], [1, 1, 0, 1, 1], 3, 3);
    expect(lists(table)).toEqual([[2], [0, 2], []]);
  });

  it('when lists grow, are remapped and packed, then the values follow, in order', () => {
    const table = ListTable.fromStream([-1, 0, -2, 0, 1], 5, 2);
    table.push(1, 7);
    const added = table.add();
    table.push(added, 3);
    expect(lists(table)).toEqual([[0, 1], [1, 7], [3]]);
    const bits = new Uint32Array(1);
    table.setBits(1, bits);
    expect(bits[0]).toBe((1 << 1) | (1 << 7));
    const remap = Int32Array.from([-1, 0, -1, 1, -1, -1, -1, 2]);
    expect(lists(table.remap(remap))).toEqual([[0], [0, 2], [1]]);
    const [offsets, data] = table.pack();
    expect(lists(ListTable.unpack(offsets, data))).toEqual([[0, 1], [1, 7], [3]]);
  });

  it('when gap lists are laid out from a stream, with or without the sizes counted ahead, then each list holds its ids, counted, gaps of any size included', () => {
    // ids 0, 1, 300 and 70000: id 0 is in lists 0 and 2, id 1 in list 2, id 300 in lists 0 and 1, id 70000 in list 0
    const ends: number[] = [];
    const stream: number[] = [];
    const of: Record<number, number[]> = { 0: [0, 2], 1: [2], 300: [0, 1], 70000: [0] };
    for (let id = 0; id <= 70000; id++) {
      stream.push(...(of[id] ?? []));
      ends.push(stream.length);
    }
    const sizes = new Int32Array(GAP_SIZES_STRIDE * 3);
    for (let list = 0; list < 3; list++) sizes[GAP_SIZES_STRIDE * list] = -1;
    ends.forEach((end, id) => {
      for (let k = id > 0 ? ends[id - 1]! : 0; k < end; k++) {
        const at = GAP_SIZES_STRIDE * stream[k]!;
        sizes[at + 1]! += gapBytes(id - sizes[at]!);
        sizes[at] = id;
      }
    });

    for (const table of [GapListTable.fromStream(stream, ends, 3), GapListTable.fromSizedStream(stream, ends, 3, sizes)]) {
      expect([0, 1, 2].map((list) => table.get(list))).toEqual([[0, 300, 70000], [300], [0, 1]]);
      expect([0, 1, 2].map((list) => table.size(list))).toEqual([3, 1, 2]);
      expect([0, 1, 2].map((list) => table.last(list))).toEqual([70000, 300, 1]);
      const [offsets, counts, lasts, bytes] = table.pack();
      expect(GapListTable.unpack(offsets, counts, lasts, bytes).get(0)).toEqual([0, 300, 70000]);
    }
  });
});
