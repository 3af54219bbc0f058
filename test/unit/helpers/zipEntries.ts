import * as fs from 'node:fs';

/** Names of the entries in a zip file (such as a .vsix), read from its central directory. */
export function zipEntryNames(file: string): string[] {
  const data = fs.readFileSync(file);
  const endOfDirectory = data.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endOfDirectory < 0) {
    throw new Error(`${file} is not a zip file`);
  }
  const count = data.readUInt16LE(endOfDirectory + 10);
  let offset = data.readUInt32LE(endOfDirectory + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    if (data.readUInt32LE(offset) !== 0x02014b50) {
      throw new Error(`${file}: bad central directory entry ${i}`);
    }
    const nameLength = data.readUInt16LE(offset + 28);
    const extraLength = data.readUInt16LE(offset + 30);
    const commentLength = data.readUInt16LE(offset + 32);
    names.push(data.toString('utf8', offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}
