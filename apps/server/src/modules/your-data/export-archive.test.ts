import { randomBytes } from 'node:crypto';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createArchiveWriter } from './export-archive';

describe('the export archive', () => {
  it('is stored in parts of at most the part size as it is written, which put together are one zip of every file', async () => {
    const parts: Buffer[] = [];
    let largestHeld = 0;
    const writer = createArchiveWriter(async (n, bytes) => {
      expect(n).toBe(parts.length);
      largestHeld = Math.max(largestHeld, bytes.length);
      parts.push(Buffer.from(bytes));
    }, 4096);
    const rows = writer.file('rows.json');
    await rows.write('[');
    for (let i = 0; i < 2000; i++) await rows.write(`${i ? ',' : ''}{"n":${i},"text":"row ${i}"}`);
    await rows.write(']');
    await rows.close();
    const image = randomBytes(50_000);
    await writer.add('media/one.png', image, { stored: true });
    await writer.add('README.txt', 'What each file holds');
    // Parts were stored before the end: the writer never held the whole archive.
    expect(parts.length).toBeGreaterThan(5);
    const { parts: count, bytes } = await writer.end();
    expect(count).toBe(parts.length);
    expect(largestHeld).toBe(4096);
    const whole = Buffer.concat(parts);
    expect(whole.length).toBe(bytes);
    const files = unzipSync(new Uint8Array(whole));
    expect(Object.keys(files)).toEqual(['rows.json', 'media/one.png', 'README.txt']);
    expect(JSON.parse(Buffer.from(files['rows.json'] ?? []).toString())).toHaveLength(2000);
    expect(Buffer.from(files['media/one.png'] ?? []).equals(image)).toBe(true);
  });
});
