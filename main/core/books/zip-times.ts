// Sets every entry's modification time in a ZIP (an XLSX) to one instant. The XLSX writer stamps entries with
// the time they were written, so two copies of the same book made a second apart differed in bytes.
import { open } from 'node:fs/promises';

/** MS-DOS date and time (2-second resolution) of `at`'s UTC fields. */
function dosTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

const END = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

/** Where the central directory is and how many entries it has, from the end record found in `tail`. */
function endRecord(tail: Buffer): { entries: number; size: number; offset: number } {
  const end = tail.lastIndexOf(END);
  if (end < 0) throw new Error('not a ZIP file: no end of central directory');
  return { entries: tail.readUInt16LE(end + 10), size: tail.readUInt32LE(end + 12), offset: tail.readUInt32LE(end + 16) };
}

/** Stamps each entry of a central directory (in place); returns each entry's local header offset. */
function stampDirectory(dir: Buffer, entries: number, at: Date): number[] {
  const { time, date } = dosTime(at);
  const locals: number[] = [];
  let entry = 0;
  for (let i = 0; i < entries; i += 1) {
    if (dir.readUInt32LE(entry) !== 0x02014b50) throw new Error('ZIP central directory entry expected');
    dir.writeUInt16LE(time, entry + 12);
    dir.writeUInt16LE(date, entry + 14);
    locals.push(dir.readUInt32LE(entry + 42));
    entry += 46 + dir.readUInt16LE(entry + 28) + dir.readUInt16LE(entry + 30) + dir.readUInt16LE(entry + 32);
  }
  return locals;
}

/** The time and date as a local header stores them, at its offset 10. */
function stamp(at: Date): Buffer {
  const { time, date } = dosTime(at);
  const b = Buffer.alloc(4);
  b.writeUInt16LE(time, 0);
  b.writeUInt16LE(date, 2);
  return b;
}

/** Rewrites, in place, the time of each entry in the central directory and in its local header. */
export function stampZipEntries(zip: Buffer, at: Date): Buffer {
  const { entries, offset } = endRecord(zip);
  const value = stamp(at);
  for (const local of stampDirectory(zip.subarray(offset), entries, at)) value.copy(zip, local + 10);
  return zip;
}

/** The same for a ZIP file: only its directory (a few KB for a workbook) is read, the rest patched where it lies. */
export async function stampZipFile(path: string, at: Date): Promise<void> {
  const file = await open(path, 'r+');
  try {
    const { size } = await file.stat();
    // The end record is 22 bytes, plus a comment of at most 65,535.
    const tailLength = Math.min(size, 22 + 65_535);
    const tail = Buffer.alloc(tailLength);
    await file.read(tail, 0, tailLength, size - tailLength);
    const end = endRecord(tail);
    const dir = Buffer.alloc(end.size);
    await file.read(dir, 0, end.size, end.offset);
    const locals = stampDirectory(dir, end.entries, at);
    await file.write(dir, 0, dir.length, end.offset);
    const value = stamp(at);
    for (const local of locals) await file.write(value, 0, 4, local + 10);
  } finally {
    await file.close();
  }
}
