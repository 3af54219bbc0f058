import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CheckpointTooLarge, FileCheckpointStore, MAX_CHECKPOINT_FILE_BYTES } from '../../../../src/checkpoints/node/checkpointFiles';
import { contentHash } from '../../../../src/checkpoints/node/blobFiles';
import { temporaryFolderPerTest } from '../../helpers/temporaryFolder';

const MB = 1024 * 1024;
const text = (value: string): Uint8Array => new TextEncoder().encode(value);
const decoded = (bytes: Uint8Array | undefined): string | undefined => bytes && new TextDecoder().decode(bytes);

/** Text like source or prose: words of a fixed vocabulary in a seeded order, so it compresses as real files do (about 3:1). */
function wordsText(bytes: number, seed: number): Uint8Array {
  let state = seed;
  const next = (): number => (state = (state * 1103515245 + 12345) % 2147483648);
  const vocabulary = Array.from({ length: 2000 }, () =>
    Array.from({ length: 2 + (next() % 9) }, () => String.fromCharCode(97 + (next() % 26))).join(''),
  );
  const parts: string[] = [];
  for (let length = 0; length < bytes;) {
    const word = `${vocabulary[next() % vocabulary.length] ?? ''}${next() % 12 === 0 ? '\n' : ' '}`;
    parts.push(word);
    length += word.length;
  }
  return text(parts.join('').slice(0, bytes));
}

/** Bytes of the files under blobs/, as the file system counts them. */
function bytesUnder(root: string): number {
  const folder = path.join(root, 'blobs');
  return fs.existsSync(folder) ? fs.readdirSync(folder).reduce((total, name) => total + fs.statSync(path.join(folder, name)).size, 0) : 0;
}

function blobCount(root: string): number {
  return fs.readdirSync(path.join(root, 'blobs')).length;
}

describe('FileCheckpointStore', () => {
  const root = temporaryFolderPerTest('cluster-chat-checkpoints-');

  it('keeps a pre-image and the hash of what was written, and reads them back after a restart', async () => {
    const store = new FileCheckpointStore(root());
    await store.record('c1', 't1', 'file:///a.ts', text('old'), text('new'));
    for (const reader of [store, new FileCheckpointStore(root())]) {
      assert.deepEqual(await reader.turn('c1', 't1'), {
        conversationId: 'c1',
        turn: 't1',
        entries: [{ uri: 'file:///a.ts', before: contentHash(text('old')), after: contentHash(text('new')) }],
      });
      assert.equal(decoded(await reader.content(contentHash(text('old')))), 'old');
    }
    assert.equal(await store.content(contentHash(text('new'))), undefined, 'what was written is only compared, not kept');
    assert.equal(await store.turn('c1', 't2'), undefined);
    assert.equal(await store.size(), bytesUnder(root()));
  });

  it('keeps the pre-image of a turn’s first change to a file only, and the last write', async () => {
    const store = new FileCheckpointStore(root());
    await store.record('c1', 't1', 'file:///a.ts', text('v1'), text('v2'));
    await store.record('c1', 't1', 'file:///a.ts', text('v2'), text('v3'));
    const entries = (await store.turn('c1', 't1'))?.entries;
    assert.deepEqual(entries, [{ uri: 'file:///a.ts', before: contentHash(text('v1')), after: contentHash(text('v3')) }]);
    assert.equal(blobCount(root()), 1, 'the second pre-image is not stored');
  });

  it('records a file the turn created, and one it deleted', async () => {
    const store = new FileCheckpointStore(root());
    await store.record('c1', 't1', 'file:///new.ts', undefined, text('made'));
    await store.record('c1', 't1', 'file:///gone.ts', text('was'), undefined);
    assert.deepEqual((await store.turn('c1', 't1'))?.entries, [
      { uri: 'file:///new.ts', before: undefined, after: contentHash(text('made')) },
      { uri: 'file:///gone.ts', before: contentHash(text('was')), after: undefined },
    ]);
  });

  it('keeps 1,000 turns that each change a few bytes of a 1 MB file in about one copy of it', async function () {
    this.timeout(30_000);
    const store = new FileCheckpointStore(root());
    const file = wordsText(MB, 7);
    const preImages: string[] = [];
    let changed = 0;
    for (let turn = 0; turn < 1000; turn++) {
      const before = file.slice();
      const at = (turn * 104_729) % (file.length - 8);
      file.set(text(turn.toString(36).padStart(4, '_')), at);
      changed += 4;
      preImages.push(contentHash(before));
      await store.record('c1', `t${turn}`, 'file:///big.txt', before, file);
    }
    const distinctPreImageBytes = new Set(preImages).size * MB;
    const onDisk = bytesUnder(root());
    const size = await store.size();
    console.log(
      `      1,000 turns × 1 MB: ${onDisk} bytes in ${blobCount(root())} blobs; the file's distinct content ${MB + changed} bytes; distinct pre-images ${distinctPreImageBytes} bytes`,
    );
    assert.equal(size, onDisk);
    assert.ok(onDisk <= 2 * (MB + changed), `${onDisk} bytes on disk for ${MB + changed} bytes of distinct content`);
    const started = performance.now();
    for (const turn of [0, 511, 512, 999]) {
      const before = (await store.turn('c1', `t${turn}`))?.entries[0]?.before ?? '';
      assert.equal(before, preImages[turn]);
      assert.equal(contentHash((await store.content(before)) ?? new Uint8Array()), preImages[turn], `turn ${turn} restores`);
    }
    console.log(`      restoring 4 of those turns' pre-images: ${Math.round(performance.now() - started)} ms`);
  });

  it('stores a pre-image that 1,000 turns share once', async function () {
    this.timeout(30_000);
    const store = new FileCheckpointStore(root());
    const file = wordsText(MB, 11);
    for (let turn = 0; turn < 1000; turn++) {
      await store.record('c1', `t${turn}`, 'file:///same.txt', file, text(`turn ${turn}`));
    }
    assert.equal(blobCount(root()), 1);
    assert.ok(bytesUnder(root()) <= 2 * MB);
    assert.equal(await store.size(), bytesUnder(root()));
  });

  it('forgetting a conversation frees what it alone needed', async () => {
    const store = new FileCheckpointStore(root());
    const shared = wordsText(50_000, 1);
    await store.record('kept', 't1', 'file:///b.txt', shared, text('b'));
    const keptBytes = bytesUnder(root());
    await store.record('gone', 't1', 'file:///b.txt', shared, text('b'));
    await store.record('gone', 't1', 'file:///a.txt', wordsText(50_000, 2), text('a'));
    await store.record('gone', 't2', 'file:///a.txt', wordsText(40_000, 3), text('a'));
    assert.ok(bytesUnder(root()) > keptBytes);
    await store.forgetConversation('gone');
    assert.equal(bytesUnder(root()), keptBytes);
    assert.equal(await store.size(), keptBytes);
    assert.equal(await store.turn('gone', 't1'), undefined);
    assert.deepEqual(await store.content(contentHash(shared)), shared);
    await store.forgetConversation('kept');
    assert.equal(bytesUnder(root()), 0);
    assert.equal(await store.size(), 0);
    assert.deepEqual(fs.readdirSync(path.join(root(), 'turns')), []);
  });

  it('forgetting a turn keeps the blobs later turns are rebuilt from', async () => {
    const store = new FileCheckpointStore(root());
    const versions = [wordsText(100_000, 5)];
    for (let index = 1; index < 4; index++) {
      const next = (versions[index - 1] as Uint8Array).slice();
      next.set(text(`change ${index}`), index * 20_000);
      versions.push(next);
    }
    for (let turn = 0; turn < 3; turn++) {
      await store.record('c1', `t${turn}`, 'file:///f.txt', versions[turn], versions[turn + 1]);
    }
    assert.deepEqual(
      (await store.turns('c1')).map(({ turn }) => turn),
      ['t0', 't1', 't2'],
    );
    await store.forgetTurn('c1', 't0');
    assert.equal(await store.turn('c1', 't0'), undefined);
    assert.deepEqual(
      (await store.turns('c1')).map(({ turn }) => turn),
      ['t1', 't2'],
      'the turns left, oldest first',
    );
    assert.deepEqual(await store.content(contentHash(versions[2] as Uint8Array)), versions[2]);
    await store.forgetTurn('c1', 't2');
    assert.deepEqual(await store.content(contentHash(versions[1] as Uint8Array)), versions[1]);
    assert.equal(await store.content(contentHash(versions[2] as Uint8Array)), undefined, 'a pre-image no turn needs is freed');
    await store.forgetTurn('c1', 't1');
    assert.equal(await store.size(), 0);
    assert.deepEqual(await store.turns('c1'), []);
  });

  it('rejects conversation and turn ids that could leave the folder', async () => {
    const store = new FileCheckpointStore(root());
    for (const id of ['../x', 'a/b', 'a\\b', '', 'a.b', 'x'.repeat(101)]) {
      await assert.rejects(store.record(id, 't1', 'file:///a', undefined, undefined), /invalid conversation id/);
      await assert.rejects(store.record('c1', id, 'file:///a', undefined, undefined), /invalid turn id/);
      await assert.rejects(store.turn(id, 't1'), /invalid conversation id/);
      await assert.rejects(store.forgetConversation(id), /invalid conversation id/);
    }
    assert.deepEqual(fs.readdirSync(root()), []);
  });

  it('records the files of one accept together, or none of them when one is too large', async () => {
    const store = new FileCheckpointStore(root());
    await store.recordAll('c1', 't1', [
      { uri: 'file:///a.ts', before: text('a0'), after: text('a1') },
      { uri: 'file:///new.ts', before: undefined, after: text('made') },
    ]);
    await store.recordAll('c1', 't1', [{ uri: 'file:///a.ts', before: text('a1'), after: text('a2') }]);
    assert.deepEqual((await store.turn('c1', 't1'))?.entries, [
      { uri: 'file:///a.ts', before: contentHash(text('a0')), after: contentHash(text('a2')) },
      { uri: 'file:///new.ts', before: undefined, after: contentHash(text('made')) },
    ]);
    const large = new Uint8Array(MAX_CHECKPOINT_FILE_BYTES + 1);
    await assert.rejects(
      store.recordAll('c1', 't2', [
        { uri: 'file:///b.ts', before: text('b0'), after: text('b1') },
        { uri: 'file:///huge.bin', before: large, after: text('small') },
      ]),
      CheckpointTooLarge,
    );
    assert.equal(await store.turn('c1', 't2'), undefined, 'nothing of the batch was recorded');
  });

  it('refuses to keep a file larger than the limit, before writing anything', async () => {
    const store = new FileCheckpointStore(root());
    const large = new Uint8Array(MAX_CHECKPOINT_FILE_BYTES + 1);
    await assert.rejects(store.record('c1', 't1', 'file:///huge.bin', large, new Uint8Array(1)), (error: unknown) => {
      assert.ok(error instanceof CheckpointTooLarge);
      assert.equal(error.bytes, MAX_CHECKPOINT_FILE_BYTES + 1);
      return true;
    });
    assert.equal(await store.turn('c1', 't1'), undefined);
    assert.equal(await store.size(), 0);
    await store.record('c1', 't1', 'file:///huge.bin', new Uint8Array(MAX_CHECKPOINT_FILE_BYTES), large);
    assert.equal((await store.turn('c1', 't1'))?.entries.length, 1, 'a file at the limit is kept');
  });

  it('drops the oldest turns, across conversations, once the blobs outgrow the budget', async () => {
    const store = new FileCheckpointStore(root(), { maxBytes: 25_000 });
    // Random bytes do not compress: each blob holds about 10,000 bytes.
    const files = [randomBytes(10_000), randomBytes(10_000), randomBytes(10_000)];
    const random = (index: number): Uint8Array => files[index - 1] ?? new Uint8Array();
    await store.record('c1', 't1', 'file:///1', random(1), undefined);
    await store.record('c2', 't1', 'file:///2', random(2), undefined);
    assert.ok((await store.turn('c1', 't1')) !== undefined);
    await store.record('c1', 't2', 'file:///3', random(3), undefined);
    assert.equal(await store.turn('c1', 't1'), undefined, 'the oldest turn is dropped');
    assert.ok((await store.turn('c2', 't1')) !== undefined);
    assert.ok((await store.turn('c1', 't2')) !== undefined);
    assert.ok(bytesUnder(root()) <= 25_000);
    assert.equal(await store.content(contentHash(random(1))), undefined);
  });

  it('reads a damaged blob as pruned', async () => {
    const store = new FileCheckpointStore(root());
    await store.record('c1', 't1', 'file:///a.ts', text('old'), undefined);
    fs.writeFileSync(path.join(root(), 'blobs', contentHash(text('old'))), 'not gzip');
    assert.equal(await new FileCheckpointStore(root()).content(contentHash(text('old'))), undefined);
    assert.equal(await store.content('../../etc/passwd'), undefined);
  });
});
