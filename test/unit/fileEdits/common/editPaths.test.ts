import * as assert from 'node:assert/strict';
import { judgePath } from '../../../../src/fileEdits/common/editPaths';

describe('paths a reply names: inside the folder, risky, or refused', () => {
  it('takes a relative path inside the folder, in any of the ways replies write it', () => {
    for (const written of ['src/app.ts', './src/app.ts', 'src\\app.ts', ' src//app.ts ', 'src/./app.ts']) {
      assert.deepEqual(judgePath(written), { kind: 'inside', path: 'src/app.ts' }, written);
    }
    assert.deepEqual(judgePath('.env.example'), { kind: 'inside', path: '.env.example' });
    assert.deepEqual(judgePath('.github/CODEOWNERS'), { kind: 'inside', path: '.github/CODEOWNERS' });
  });

  it('refuses what leads out of the folder or into git, without resolving it', () => {
    const refused = (written: string): string => {
      const verdict = judgePath(written);
      return verdict.kind === 'refused' ? verdict.reason : `not refused: ${verdict.kind}`;
    };
    assert.equal(refused('../outside.ts'), 'parent');
    assert.equal(refused('src/../../outside.ts'), 'parent');
    assert.equal(refused('src/../app.ts'), 'parent', 'refused even where it would stay inside');
    assert.equal(refused('/etc/passwd'), 'absolute');
    assert.equal(refused('\\\\server\\share\\x.ts'), 'absolute');
    assert.equal(refused('C:\\Users\\me\\x.ts'), 'absolute');
    assert.equal(refused('c:x.ts'), 'absolute');
    assert.equal(refused('~/.bashrc'), 'absolute');
    assert.equal(refused('file:///etc/passwd'), 'absolute');
    assert.equal(refused('.git/hooks/pre-commit'), 'git');
    assert.equal(refused('sub/.GIT/config'), 'git');
    assert.equal(refused(''), 'empty');
    assert.equal(refused('./'), 'empty');
    assert.equal(refused('src/app\u0000.ts'), 'invalid');
    assert.equal(refused('src/\u001bapp.ts'), 'invalid');
    assert.equal(refused(`${'a/'.repeat(600)}x.ts`), 'tooLong');
  });

  it('marks what changes what VS Code or CI runs as risky, naming the risk', () => {
    const risk = (written: string): string => {
      const verdict = judgePath(written);
      return verdict.kind === 'risky' ? verdict.risk : `not risky: ${verdict.kind}`;
    };
    assert.equal(risk('.vscode/settings.json'), 'workspaceSettings');
    assert.equal(risk('.vscode/tasks.json'), 'tasks');
    assert.equal(risk('.VSCode/Launch.json'), 'launch');
    assert.equal(risk('.vscode/extensions.json'), 'vscodeFolder');
    assert.equal(risk('.github/workflows/ci.yml'), 'workflow');
    assert.equal(risk('.github/workflows'), 'not risky: inside', 'the folder itself is no workflow');
  });

  it('marks the same files under a first segment, as a multi-root workspace names its folders', () => {
    const risk = (written: string): string => {
      const verdict = judgePath(written);
      return verdict.kind === 'risky' ? `${verdict.path}: ${verdict.risk}` : `not risky: ${verdict.kind}`;
    };
    assert.equal(risk('web/.vscode/tasks.json'), 'web/.vscode/tasks.json: tasks');
    assert.equal(risk('api/.VSCode/settings.json'), 'api/.VSCode/settings.json: workspaceSettings');
    assert.equal(risk('api/.github/workflows/deploy.yml'), 'api/.github/workflows/deploy.yml: workflow');
    assert.equal(risk('web/src/.vscode.ts'), 'not risky: inside');
    assert.equal(risk('a/b/.vscode/tasks.json'), 'not risky: inside', 'VS Code reads .vscode only at a folder root');
  });
});
