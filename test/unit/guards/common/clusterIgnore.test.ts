import * as assert from 'node:assert/strict';
import { createClusterIgnore, type ClusterIgnoreInput } from '../../../../src/guards/common/clusterIgnore';
import { DEFAULT_CLUSTER_IGNORE } from '../../../../src/guards/common/clusterIgnoreDefaults';

function matcher(input: Partial<ClusterIgnoreInput> = {}) {
  return createClusterIgnore({ clusterIgnore: undefined, globalPatterns: [], defaults: true, ...input });
}

function leftOut(input: Partial<ClusterIgnoreInput>, paths: readonly string[]): string[] {
  const ignore = matcher(input);
  return paths.filter((path) => ignore.ignored(path) !== undefined);
}

describe('.clusterignore: the built-in defaults', () => {
  it('keep environment files out, wherever they are and however they are spelled', () => {
    const paths = [
      '.env',
      '.env.local',
      'apps/web/.env.production',
      'prod.env',
      '.envrc',
      '.envs/.production/.django',
      '.ENV',
      'Secrets.Env',
    ];
    assert.deepEqual(leftOut({}, paths), paths);
  });

  it('let the shared templates of environment files through, since they hold placeholders', () => {
    assert.deepEqual(leftOut({}, ['.env.example', '.env.sample', '.env.template', 'api/.env.dist']), []);
  });

  it('keep keys, key stores and SSH keys out', () => {
    const paths = [
      'certs/server.pem',
      'tls/server.key',
      'config/master.key',
      'a.p12',
      'b.pfx',
      'AuthKey_AB12.p8',
      'release.jks',
      'app.keystore',
    ];
    const ssh = [
      'id_rsa',
      'home/id_rsa.pub',
      'deploy/id_ed25519',
      'ID_ECDSA',
      '.ssh/config',
      'home/me/.ssh/known_hosts',
      'putty.ppk',
      'vault.kdbx',
    ];
    assert.deepEqual(leftOut({}, [...paths, ...ssh]), [...paths, ...ssh]);
  });

  it('keep credential files of registries, hosts and clouds out', () => {
    const paths = [
      '.npmrc',
      'packages/a/.npmrc',
      '.pypirc',
      '.netrc',
      '_netrc',
      '.git-credentials',
      '.htpasswd',
      '.pgpass',
      '.my.cnf',
      'credentials.json',
      'gcloud/application_default_credentials.json',
      'client_secret_1234.apps.googleusercontent.com.json',
      '.aws/credentials',
      'home/.docker/config.json',
      '.kube/config',
      'kubeconfig',
      '.vault-token',
      'infra/terraform.tfstate',
      'infra/terraform.tfstate.backup',
    ];
    assert.deepEqual(leftOut({}, paths), paths);
  });

  it('leave ordinary source alone, even when it is about those things', () => {
    const paths = [
      'src/env.ts',
      'src/environment.ts',
      'docs/keys.md',
      'src/credentials.ts',
      'src/ssh/client.ts',
      '.aws/config',
      'docker/config.json',
      'README.md',
    ];
    assert.deepEqual(leftOut({}, paths), []);
  });

  it('say which default left a file out', () => {
    assert.deepEqual(matcher().ignored('.env'), { source: 'default', pattern: '.env*' });
    assert.deepEqual(matcher().ignored('keys/id_rsa'), { source: 'default', pattern: 'id_rsa*' });
    assert.deepEqual(matcher().ignored('.ssh/config'), { source: 'default', pattern: '.ssh/' });
  });

  it('can be turned off', () => {
    assert.deepEqual(leftOut({ defaults: false }, ['.env', 'id_rsa', 'server.pem']), []);
  });

  it('are all patterns the ignore syntax accepts, each listed once', () => {
    assert.equal(new Set(DEFAULT_CLUSTER_IGNORE).size, DEFAULT_CLUSTER_IGNORE.length);
    assert.ok(DEFAULT_CLUSTER_IGNORE.every((pattern) => pattern.trim() === pattern && pattern.length > 0 && !pattern.startsWith('#')));
  });
});

describe('.clusterignore: the folder file', () => {
  it('reads gitignore syntax: comments, blanks, folders, anchors, globs and escapes', () => {
    const clusterIgnore = ['# generated', '', 'build/', '/secret.txt', '**/fixtures/*.json', '\\#notes.md', 'docs/*.pdf'].join('\n');
    assert.deepEqual(
      leftOut({ clusterIgnore }, [
        'build/out.js',
        'a/build/x.js',
        'secret.txt',
        'sub/secret.txt',
        'test/fixtures/big.json',
        '#notes.md',
        'docs/a.pdf',
        'docs/x/a.pdf',
      ]),
      ['build/out.js', 'a/build/x.js', 'secret.txt', 'test/fixtures/big.json', '#notes.md', 'docs/a.pdf'],
    );
  });

  it('names the line that left a file out, with Windows line ends and a byte order mark too', () => {
    const ignore = matcher({ clusterIgnore: '\uFEFF# private\r\nnotes/\r\n*.sqlite\r\n' });
    assert.deepEqual(ignore.ignored('notes/todo.md'), { source: '.clusterignore', pattern: 'notes/', line: 2 });
    assert.deepEqual(ignore.ignored('data/app.sqlite'), { source: '.clusterignore', pattern: '*.sqlite', line: 3 });
  });

  it('re-includes a default with an explicit ! line, and only what that line matches', () => {
    const ignore = matcher({ clusterIgnore: '!.env.test\n!fixtures/*.pem\n' });
    assert.equal(ignore.ignored('.env.test'), undefined);
    assert.equal(ignore.ignored('fixtures/self-signed.pem'), undefined);
    assert.deepEqual(ignore.ignored('.env'), { source: 'default', pattern: '.env*' });
    assert.deepEqual(ignore.ignored('server.pem'), { source: 'default', pattern: '*.pem' });
  });

  it('re-includes a file of a default folder when a ! line names it', () => {
    assert.equal(matcher({ clusterIgnore: '!.ssh/config' }).ignored('.ssh/config'), undefined);
    assert.ok(matcher({ clusterIgnore: '!.ssh/config' }).ignored('.ssh/id_ed25519') !== undefined);
  });

  it('cannot bring back a file below a folder it leaves out itself, as in git', () => {
    assert.deepEqual(matcher({ clusterIgnore: 'private/\n!private/ok.txt' }).ignored('private/ok.txt'), {
      source: '.clusterignore',
      pattern: 'private/',
      line: 1,
    });
  });

  it('re-includes what a global pattern leaves out', () => {
    assert.equal(matcher({ globalPatterns: ['*.log'], clusterIgnore: '!keep.log' }).ignored('keep.log'), undefined);
  });
});

describe('.clusterignore: the global patterns of the setting', () => {
  it('leave files out and name the entry', () => {
    const ignore = matcher({ globalPatterns: ['*.log', '  coverage/  '] });
    assert.deepEqual(ignore.ignored('logs/app.log'), { source: 'settings', pattern: '*.log', line: 1 });
    assert.deepEqual(ignore.ignored('coverage/index.html'), { source: 'settings', pattern: 'coverage/', line: 2 });
  });

  it('re-include their own patterns with !, as one gitignore file does', () => {
    assert.deepEqual(leftOut({ globalPatterns: ['*.log', '!keep.log'] }, ['a.log', 'keep.log']), ['a.log']);
  });

  it('never re-include a default: one line in the settings must not expose every workspace', () => {
    const ignore = matcher({ globalPatterns: ['!.env', '!*.pem'] });
    assert.deepEqual(ignore.ignored('.env'), { source: 'default', pattern: '.env*' });
    assert.deepEqual(ignore.ignored('a.pem'), { source: 'default', pattern: '*.pem' });
  });
});

describe('.clusterignore: paths', () => {
  it('takes folder paths with a trailing slash and a leading ./', () => {
    const ignore = matcher({ clusterIgnore: 'dist/' });
    assert.ok(ignore.ignored('dist/') !== undefined);
    assert.ok(ignore.ignored('./dist/a.js') !== undefined);
    assert.ok(ignore.ignored('./.env') !== undefined);
  });

  it('refuses paths outside the workspace folder instead of answering for them', () => {
    for (const path of ['', '/etc/passwd', '../.env', 'a/../../b', '.', 'a/./b']) {
      assert.throws(() => matcher().ignored(path), RangeError, path);
    }
  });
});
