import * as assert from 'node:assert/strict';
import { pathsNamedBy, shellWords } from '../../../../src/terminal/common/commandPaths';

describe('the files a terminal command line names', () => {
  it('splits words as a shell does: quotes, backslashes and operators', () => {
    assert.deepEqual(shellWords(`cat "my file.txt" 'it''s' a\\ b|grep -v x>out.log;ls`), [
      'cat',
      'my file.txt',
      'its',
      'a b',
      'grep',
      '-v',
      'x',
      'out.log',
      'ls',
    ]);
    assert.deepEqual(shellWords('echo "a \\"quoted\\" \\n" \'\''), ['echo', 'a "quoted" \\n', '']);
  });

  it('names each word but options, and the values of assignments', () => {
    assert.deepEqual(pathsNamedBy('cat .env && grep -r token ~/.ssh/id_rsa < keys.pem'), [
      'cat',
      '.env',
      'grep',
      'token',
      '~/.ssh/id_rsa',
      'keys.pem',
    ]);
    assert.deepEqual(pathsNamedBy('ENV_FILE=.env.local node run.js --config=secrets/app.key -v'), [
      '.env.local',
      'node',
      'run.js',
      'secrets/app.key',
    ]);
  });

  it('names each file once, and none in a line of only options', () => {
    assert.deepEqual(pathsNamedBy('diff a.txt a.txt'), ['diff', 'a.txt']);
    assert.deepEqual(pathsNamedBy('  -l --all  '), []);
  });
});
