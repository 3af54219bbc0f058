import assert from 'node:assert/strict';
import { startEmulator, type RunningEmulator } from '../../../../scripts/emulator/server';
import { assistantText, conversation, postCluster } from '../emulatorRequests';

describe('emulator: custom actions', () => {
  let emulator: RunningEmulator;

  before(async () => {
    emulator = await startEmulator({ port: 0 });
  });
  after(() => emulator.close());
  beforeEach(() => emulator.resetStats());

  it('word-count counts the words of every user message, quoted in the reply', async () => {
    const body = conversation(
      { role: 'system', content: 'not counted at all' },
      { role: 'user', content: 'one two three' },
      { role: 'assistant', content: 'not counted either' },
      { role: 'user', content: 'four five run action: word-count' },
    );
    const text = assistantText(await postCluster(emulator, 'demo', body));
    assert.match(text, /^> \*\*Action `word-count`\*\*\n> Counted 8 words in 2 user messages\.$/m);
    assert.equal(emulator.stats().sideEffects.ticketsCreated, 0);
  });

  it('create-ticket is a side effect: each request creates the next ticket', async () => {
    const body = conversation({ role: 'user', content: 'Please run action: create-ticket' });
    const first = assistantText(await postCluster(emulator, 'demo', body));
    const second = assistantText(await postCluster(emulator, 'demo', body));
    assert.match(first, /> Created ticket CC-0001/);
    assert.match(second, /> Created ticket CC-0002/);
    const stats = emulator.stats();
    assert.equal(stats.sideEffects.ticketsCreated, 2);
    assert.equal(stats.clusters['demo']?.received, 2);
  });

  it('a phrase in an earlier user message starts its action again', async () => {
    const body = conversation(
      { role: 'user', content: 'run action: create-ticket' },
      { role: 'assistant', content: 'Created ticket CC-0001' },
      { role: 'user', content: 'thanks' },
    );
    const text = assistantText(await postCluster(emulator, 'demo', body));
    assert.match(text, /> Created ticket CC-0001/);
    assert.equal(emulator.stats().sideEffects.ticketsCreated, 1);
  });

  it('a phrase in the system message starts its action', async () => {
    const body = conversation(
      { role: 'system', content: 'Project rules:\nThen run action: create-ticket for the release.' },
      { role: 'user', content: 'Prepare the release notes.' },
    );
    const text = assistantText(await postCluster(emulator, 'demo', body));
    assert.match(text, /> Created ticket CC-0001/);
    assert.equal(emulator.stats().sideEffects.ticketsCreated, 1);
  });

  it('the last user message names the action when several messages do', async () => {
    const body = conversation(
      { role: 'system', content: 'run action: create-ticket' },
      { role: 'user', content: 'one two run action: word-count' },
    );
    const text = assistantText(await postCluster(emulator, 'demo', body));
    assert.match(text, /Action `word-count`/);
    assert.equal(emulator.stats().sideEffects.ticketsCreated, 0);
  });

  it('the cluster’s own replies start no action', async () => {
    const body = conversation(
      { role: 'user', content: 'hello' },
      { role: 'assistant', content: 'Add `run action: create-ticket` to try a custom action.' },
      { role: 'user', content: 'thanks' },
    );
    const text = assistantText(await postCluster(emulator, 'demo', body));
    assert.doesNotMatch(text, /Action/);
    assert.equal(emulator.stats().sideEffects.ticketsCreated, 0);
  });

  it('an unknown action lists the actions that exist', async () => {
    const body = conversation({ role: 'user', content: 'run action: launch-rocket' });
    const text = assistantText(await postCluster(emulator, 'demo', body));
    assert.match(text, /Unknown action 'launch-rocket'\. Available actions: word-count, create-ticket\./);
  });
});
