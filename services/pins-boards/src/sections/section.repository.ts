import { isDuplicateKey } from '@pinhive/kit';
import type { Connection } from 'mongoose';
import { trimmable, type Settled } from '../boards/board.repository';
import { parseMoveLedgerKey } from '../moves/move.model';
import { settledWithMoves } from '../moves/move.repository';
import type { Changed } from '../shared/changes';
import { SECTIONS_COLLECTION, SECTION_PREVIEW_PINS, type PreviewPin, type SectionDoc } from './section.model';


export class SectionRepository {
  /** `changed(boardId)` after a section's title or slug changes or it goes: the pins on its board's pages name it. */
  constructor(
    private readonly conn: Connection,
    private readonly changed: Changed,
  ) {}

  private sections() {
    return this.conn.collection<SectionDoc>(SECTIONS_COLLECTION);
  }

  /** Stores a new section; a slug taken on the board gets `-2`, `-3`... */
  async create(section: SectionDoc): Promise<SectionDoc> {
    for (let n = 1; ; n++) {
      const slug = n === 1 ? section.slug : `${section.slug}-${n}`;
      const doc = { ...section, slug, boardSlug: `${section.boardId}:${slug}` };
      try {
        await this.sections().insertOne(doc);
        return doc;
      } catch (err) {
        if (!isDuplicateKey(err) || n >= 50) throw err;
      }
    }
  }

  async findById(id: string): Promise<SectionDoc | null> {
    return this.sections().findOne({ _id: id }, { projection: { counted: 0 } });
  }

  async findBySlug(boardId: string, slug: string): Promise<SectionDoc | null> {
    return this.sections().findOne({ boardSlug: `${boardId}:${slug}` }, { projection: { counted: 0 } });
  }

  /** A board's sections (at most MAX_SECTIONS_PER_BOARD), oldest first. */
  async ofBoard(boardId: string): Promise<SectionDoc[]> {
    const list = await this.sections().find({ boardId }, { projection: { counted: 0 } }).toArray();
    return list.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a._id.localeCompare(b._id));
  }

  async countOfBoard(boardId: string): Promise<number> {
    return this.sections().countDocuments({ boardId });
  }

  async rename(id: string, title: string, slug: string): Promise<SectionDoc | null> {
    // The board is fixed: read once, not once per slug tried.
    const current = await this.findById(id);
    if (!current) return null;
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? slug : `${slug}-${n}`;
      try {
        const renamed = await this.sections().findOneAndUpdate(
          { _id: id },
          { $set: { title, slug: candidate, boardSlug: `${current.boardId}:${candidate}` } },
          { returnDocument: 'after' },
        );
        await this.changed(current.boardId);
        return renamed;
      } catch (err) {
        // The slug is taken on this board: try the next one.
        if (!isDuplicateKey(err) || n >= 50) throw err;
      }
    }
  }

  async remove(id: string, boardId: string): Promise<void> {
    await this.sections().deleteOne({ _id: id });
    await this.changed(boardId);
  }

  async nextPinSeq(id: string): Promise<number> {
    const section = await this.sections().findOneAndUpdate({ _id: id }, { $inc: { pinSeq: 1 } }, { returnDocument: 'after' });
    if (!section) throw new Error(`section ${id} vanished while saving into it`);
    return section.pinSeq;
  }

  /**
   * Applies one counter change once (see BoardRepository.applyCount, moves' batch keys included);
   * a save adds its preview, a deleted pin's goes. A move recomputes the previews itself (`setPreviews`).
   * `alsoKeys`: the change's keys in an older form, guarded against too (board.repository.ts CountOptions).
   */
  async applyCount(id: string, key: string, delta: number, preview?: PreviewPin, settled?: Settled, alsoKeys: readonly string[] = []): Promise<boolean> {
    const updated = await this.sections().findOneAndUpdate(
      { _id: id, counted: alsoKeys.length > 0 ? { $nin: [key, ...alsoKeys] } : { $ne: key } },
      { $inc: { pinCount: delta }, $push: { counted: key } },
      { returnDocument: 'after' },
    );
    if (!updated) return false;
    if (preview) {
      const previews = [preview, ...updated.previewPins.filter((p) => p.id !== preview.id)].slice(0, SECTION_PREVIEW_PINS);
      await this.sections().updateOne({ _id: id }, { $set: { previewPins: previews } });
    } else if (delta < 0 && !parseMoveLedgerKey(key)) {
      const pinId = key.slice(key.indexOf(':') + 1).split('@')[0];
      await this.sections().updateOne({ _id: id }, { $set: { previewPins: updated.previewPins.filter((p) => p.id !== pinId) } });
    }
    const trim = await trimmable(updated.counted, settledWithMoves(this.conn, settled));
    if (trim.length > 0) await this.sections().updateOne({ _id: id }, { $pullAll: { counted: trim } });
    return true;
  }

  /** Reserves `n` pin numbers at once (a move into the section); answers the first. */
  async reservePinNumbers(id: string, n: number): Promise<number> {
    const section = await this.sections().findOneAndUpdate({ _id: id }, { $inc: { pinSeq: n } }, { returnDocument: 'after' });
    if (!section) throw new Error(`section ${id} vanished while moving pins into it`);
    return section.pinSeq - n + 1;
  }

  /** A section's previews, recomputed by a move from its newest pins; its board's pages show them. */
  async setPreviews(id: string, boardId: string, previewPins: PreviewPin[]): Promise<void> {
    await this.sections().updateOne({ _id: id }, { $set: { previewPins: previewPins.slice(0, SECTION_PREVIEW_PINS) } });
    await this.changed(boardId);
  }
}
