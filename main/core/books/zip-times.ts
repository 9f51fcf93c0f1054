// Sets every entry's modification time in a ZIP (an XLSX) to one instant. The XLSX writer stamps entries with
// the time they were written, so two copies of the same book made a second apart differed in bytes.

/** MS-DOS date and time (2-second resolution) of `at`'s UTC fields. */
function dosTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

/** Rewrites, in place, the time of each entry in the central directory and in its local header. */
export function stampZipEntries(zip: Buffer, at: Date): Buffer {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a ZIP file: no end of central directory');
  const { time, date } = dosTime(at);
  const entries = zip.readUInt16LE(end + 10);
  let entry = zip.readUInt32LE(end + 16);
  for (let i = 0; i < entries; i += 1) {
    if (zip.readUInt32LE(entry) !== 0x02014b50) throw new Error('ZIP central directory entry expected');
    zip.writeUInt16LE(time, entry + 12);
    zip.writeUInt16LE(date, entry + 14);
    const local = zip.readUInt32LE(entry + 42);
    zip.writeUInt16LE(time, local + 10);
    zip.writeUInt16LE(date, local + 12);
    entry += 46 + zip.readUInt16LE(entry + 28) + zip.readUInt16LE(entry + 30) + zip.readUInt16LE(entry + 32);
  }
  return zip;
}
