/**
 * Sets every entry's modification time in a zip archive (an .xlsx) to one fixed value, so archives written
 * at different times from the same content are byte-identical. The data and CRCs are untouched.
 */
const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** MS-DOS time and date words of a UTC date (2-second resolution). */
function dosDateTime(date: Date): [time: number, day: number] {
  const time =
    (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2);
  const day = ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate();
  return [time, day];
}

export function fixZipTimestamps(zip: Buffer, date: Date): Buffer {
  const out = Buffer.from(zip);
  let eocd = -1;
  for (let at = out.length - 22; at >= Math.max(0, out.length - 22 - 0xffff); at--) {
    if (out.readUInt32LE(at) === EOCD) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a zip archive: no end of central directory record');
  const entries = out.readUInt16LE(eocd + 10);
  let at = out.readUInt32LE(eocd + 16);
  const [time, day] = dosDateTime(date);
  for (let i = 0; i < entries; i++) {
    if (out.readUInt32LE(at) !== CENTRAL) throw new Error('zip central directory is damaged');
    out.writeUInt16LE(time, at + 12);
    out.writeUInt16LE(day, at + 14);
    const local = out.readUInt32LE(at + 42);
    if (out.readUInt32LE(local) !== LOCAL) throw new Error('zip local header is damaged');
    out.writeUInt16LE(time, local + 10);
    out.writeUInt16LE(day, local + 12);
    at += 46 + out.readUInt16LE(at + 28) + out.readUInt16LE(at + 30) + out.readUInt16LE(at + 32);
  }
  return out;
}
