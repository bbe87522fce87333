import type { Connection } from 'mongoose';
import { BoardRepository } from '../../src/boards/board.repository';
import { bucketKey, pinnerImageKey } from '../../src/pins/pin.model';

/** A seeded pin's image: no file behind it (pages and moves read only the pin). */
const image = (n: number) => ({
  id: `seed-image-${n}`,
  '236x': { url: `/media/236x/seed/${n}.png`, width: 236, height: 200 },
  orig: { url: `/media/orig/seed/${n}.png`, width: 600, height: 500 },
  dominantColor: '#abcdef',
});

/**
 * `count` pins saved onto a board, stored at once in the shape a save writes them (numbered
 * from the board's pin counter, in its buckets, counted on the board and its owner's list entry),
 * for tests that need more pins than saving them one by one allows. Answers their ids, oldest first.
 */
export async function seedPins(conn: Connection, board: { id: string; ownerId: string }, count: number, tag: string): Promise<string[]> {
  const boards = conn.collection<{ _id: string; pinCount: number }>('boards');
  // Numbers as saves and moves take them (one reservation for all).
  const first = await new BoardRepository(conn, async () => undefined).reservePinNumbers(board.id, count);
  const at = Date.now();
  const pins = Array.from({ length: count }, (_, i) => {
    const seq = first + i;
    const id = `${at}${String(i).padStart(6, '0')}${tag}`;
    return {
      _id: id, boardId: board.id, sectionId: null, pinnerId: board.ownerId, seq, boardBucket: bucketKey(board.id, seq), sectionSeq: null,
      imageId: image(i).id, pinnerImage: pinnerImageKey(board.ownerId, image(i).id), image: image(i), title: `Seeded ${i}`, description: '', link: null,
      method: 'button', viaPinnerId: null, repinOf: null, createdAt: new Date(at + i), deletedAt: null, requestKey: `${board.ownerId}:${id}`,
    };
  });
  for (let i = 0; i < pins.length; i += 1000) await conn.collection('pins').insertMany(pins.slice(i, i + 1000) as never[]);
  await boards.updateOne({ _id: board.id }, { $inc: { pinCount: count } });
  await conn.collection('board_lists').updateOne({ _id: board.ownerId as never }, { $inc: { [`boards.b${board.id}.pinCount`]: count } });
  return pins.map((p) => p._id);
}
