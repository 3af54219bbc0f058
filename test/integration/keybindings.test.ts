import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { keysCollide, normalizeKey } from '../shared/keybindingKeys';
import { whenClausesOverlap } from '../shared/whenClauses';
import { EXTENSION_ID, report } from './testEnvironment';

interface Keybinding {
  readonly command: string;
  readonly key: string;
  readonly when?: string;
  readonly mac?: string;
  readonly linux?: string;
  readonly win?: string;
}

/** VS Code's default keybindings as the host shows them (JSON with line comments). */
async function defaultKeybindings(): Promise<Keybinding[]> {
  await vscode.commands.executeCommand('workbench.action.openDefaultKeybindingsFile');
  const editor = vscode.window.activeTextEditor;
  assert.ok(editor, 'the default keybindings open in an editor');
  const text = editor.document.getText();
  await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  // Whole comment lines only: a `//` inside a string (a when clause with a regex) stays.
  const json = text
    .split('\n')
    .filter((line) => !line.trim().startsWith('//'))
    .join('\n');
  return JSON.parse(json) as Keybinding[];
}

function manifestKeybindings(): Keybinding[] {
  const manifest = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as { contributes: { keybindings?: Keybinding[] } };
  return manifest.contributes.keybindings ?? [];
}

/** Each platform's key of a binding: `linux`/`win`/`mac` where given, else `key`. */
function platformKeys(binding: Keybinding): Array<{ platform: string; chords: string[] }> {
  return [
    { platform: 'linux', chords: normalizeKey(binding.linux ?? binding.key) },
    { platform: 'win', chords: normalizeKey(binding.win ?? binding.key) },
    { platform: 'mac', chords: normalizeKey(binding.mac ?? binding.key, 'mac') },
  ];
}

describe(`Default keybindings (VS Code ${vscode.version})`, function () {
  this.timeout(60_000);

  it('no Cluster Chat keybinding collides with a VS Code default binding in an overlapping context', async () => {
    const ours = manifestKeybindings();
    assert.ok(ours.length > 0, 'the manifest declares keybindings');
    const defaults = (await defaultKeybindings()).filter((binding) => !binding.command.startsWith('clusterChat.'));
    assert.ok(defaults.length > 500, `the host lists its default keybindings (read ${defaults.length})`);
    const collisions: string[] = [];
    for (const binding of ours) {
      for (const { platform, chords } of platformKeys(binding)) {
        for (const other of defaults) {
          if (keysCollide(chords, normalizeKey(other.key)) && whenClausesOverlap(binding.when, other.when)) {
            collisions.push(
              `${binding.command} (${platform}: ${chords.join(' ')}) vs ${other.command} (${other.key}, when ${other.when ?? 'always'})`,
            );
          }
        }
      }
    }
    report(`    compared ${ours.length} Cluster Chat keybinding(s) with ${defaults.length} default bindings`);
    assert.deepEqual(collisions, []);
  });

  it('the check finds a known collision: Ctrl+P (Quick Open) in an editor', async () => {
    const defaults = await defaultKeybindings();
    const probe = normalizeKey('ctrl+p');
    const hits = defaults.filter(
      (other) => keysCollide(probe, normalizeKey(other.key)) && whenClausesOverlap('editorTextFocus', other.when),
    );
    assert.ok(
      hits.some((hit) => hit.command === 'workbench.action.quickOpen'),
      JSON.stringify(hits.map((hit) => hit.command)),
    );
  });
});
