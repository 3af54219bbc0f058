import * as assert from 'node:assert/strict';
import { usablePrompts } from '../../../../src/promptFiles/common/promptCommands';
import type { PromptCommand, PromptKind } from '../../../../src/promptFiles/common/promptSources';

function prompt(folder: string, kind: PromptKind, path: string, name: string): PromptCommand {
  return { folder, kind, path, name, body: name };
}

describe('prompts offered as slash commands', () => {
  it('never lets a prompt take a built-in command’s name, whatever its case, and reports it', () => {
    const explain = prompt('app', 'copilotPrompt', '.github/prompts/Explain.prompt.md', 'Explain');
    const review = prompt('app', 'copilotPrompt', '.github/prompts/review.prompt.md', 'review');
    const result = usablePrompts([explain, review], ['explain', 'fix']);
    assert.deepEqual(result.usable, [review]);
    assert.deepEqual(result.shadowed, [explain]);
    assert.deepEqual(result.duplicates, []);
  });

  it('keeps the first of prompts sharing a name: first folder, then Copilot, Roo, Cline, Continue, then path', () => {
    const continueTests = prompt('app', 'continuePrompt', '.continue/prompts/tests.md', 'tests');
    const rooTests = prompt('app', 'rooCommand', '.roo/commands/tests.md', 'Tests');
    const otherFolder = prompt('lib', 'copilotPrompt', '.github/prompts/tests.prompt.md', 'tests');
    const result = usablePrompts([continueTests, otherFolder, rooTests], []);
    assert.deepEqual(result.usable, [rooTests]);
    assert.deepEqual(result.duplicates, [continueTests, otherFolder]);
  });

  it("lets the user's own prompt win over a workspace's of the same name, but never over a built-in command", () => {
    const own = prompt('', 'userPrompt', '~/.cluster-chat/prompts/review.prompt.md', 'review');
    const ownExplain = prompt('', 'userPrompt', '~/.cluster-chat/prompts/explain.md', 'explain');
    const workspace = prompt('app', 'copilotPrompt', '.github/prompts/Review.prompt.md', 'Review');
    const result = usablePrompts([own, ownExplain, workspace], ['explain']);
    assert.deepEqual(result.usable, [own]);
    assert.deepEqual(result.duplicates, [workspace]);
    assert.deepEqual(result.shadowed, [ownExplain]);
  });
});
