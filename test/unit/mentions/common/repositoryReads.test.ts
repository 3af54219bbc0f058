import * as assert from 'node:assert/strict';
import { MAX_COMPLAINT, complaintOf, readEach } from '../../../../src/mentions/common/repositoryReads';

describe('readEach / complaintOf: which repositories git failed in, and why', () => {
  it('keeps the first line git wrote, trimmed, and cuts a long one', () => {
    const error = new Error('\n  error: inflate: data stream error (incorrect header check)  \nfatal: loose object 1234 is corrupt\n');
    assert.equal(complaintOf(error), 'error: inflate: data stream error (incorrect header check)');
    assert.equal(complaintOf(new Error('spawn /missing/git ENOENT')), 'spawn /missing/git ENOENT');
    const long = complaintOf(new Error(`fatal: ${'x'.repeat(500)}\nhint: more`));
    assert.equal(long.length, MAX_COMPLAINT);
    assert.ok(long.startsWith('fatal: xxx') && long.endsWith('…'), long);
  });

  it('reads the repositories after a failing one, in order, and says which failed and why', async () => {
    const reads = await readEach(['web', 'broken', 'empty', 'api'], (repository) => {
      if (repository === 'broken') {
        return Promise.reject(new Error('fatal: bad object HEAD\nmore'));
      }
      return Promise.resolve(repository === 'empty' ? undefined : [`${repository}-1`, `${repository}-2`]);
    });
    assert.deepEqual(reads.found, [
      { repository: 'web', value: ['web-1', 'web-2'] },
      { repository: 'api', value: ['api-1', 'api-2'] },
    ]);
    assert.deepEqual(reads.failed, [{ repository: 'broken', complaint: 'fatal: bad object HEAD' }]);
  });

  it('stops reading once enough is found, and reports only the failures met until then', async () => {
    const asked: string[] = [];
    const reads = await readEach(
      ['broken', 'has', 'unread', 'broken too'],
      (repository) => {
        asked.push(repository);
        return repository.startsWith('broken') ? Promise.reject(new Error(`git failed in ${repository}`)) : Promise.resolve(repository);
      },
      (found) => found.length > 0,
    );
    assert.deepEqual(asked, ['broken', 'has']);
    assert.deepEqual(reads.found, [{ repository: 'has', value: 'has' }]);
    assert.deepEqual(reads.failed, [{ repository: 'broken', complaint: 'git failed in broken' }]);
  });
});
