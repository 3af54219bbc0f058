import * as assert from 'node:assert/strict';
import type { PhraseQuestion } from '../../../src/guards/vscode/actionPhraseGuard';
import { useChatUnderTest } from '../helpers/chatUnderTest';
import { ticketsCreated } from '../helpers/emulatorRecords';
import * as vscode from 'vscode';
import { activateExtension, clusterStats, emulatorFromEnvironment, stopUsingEmulator, useEmulator } from '../testEnvironment';

const PHRASE = 'run action: create-ticket';

describe('The action-phrase guard in the chat (the emulator’s create-ticket action)', function () {
  this.timeout(60_000);
  const emulator = emulatorFromEnvironment();
  const asked: PhraseQuestion[] = [];
  let yes = false;
  const own = useChatUnderTest({
    askAboutPhrases: (question) => {
      asked.push(question);
      return Promise.resolve(yes);
    },
  });

  before(() => useEmulator('demo'));
  after(() => stopUsingEmulator());
  beforeEach(() => {
    asked.length = 0;
    yes = false;
  });

  /** Runs `body` with the demo cluster listing its action phrase, as a user writes it in the settings (then puts them back). */
  const withPhrases = async (body: () => Promise<void>): Promise<void> => {
    const configuration = vscode.workspace.getConfiguration('clusterChat');
    const saved = configuration.inspect<{ id?: unknown }[]>('clusters')?.globalValue;
    const others = (saved ?? []).filter((entry) => entry.id !== 'demo');
    const demo = { id: 'demo', label: 'Demo', actionPhrases: [PHRASE] };
    await configuration.update('clusters', [demo, ...others], vscode.ConfigurationTarget.Global);
    try {
      const { testing } = await activateExtension();
      await testing.clusters.setActive('demo');
      assert.deepEqual(testing.clusters.active()?.actionPhrases, [PHRASE]);
      await body();
    } finally {
      await configuration.update('clusters', saved, vscode.ConfigurationTarget.Global);
    }
  };

  it('holds a request whose attachment carries the phrase: No sends nothing and no ticket is created', async () => {
    await withPhrases(async () => {
      await own.chat.newChat();
      own.chat.attachments.add({
        label: 'notes.md',
        fileName: 'notes.md',
        languageId: 'markdown',
        code: `Deploy notes.\nRun Action:  CREATE-TICKET\n`,
      });
      const before = await clusterStats(emulator.baseUrl, 'demo');
      const tickets = await ticketsCreated();
      await own.chat.send('Summarise the notes');
      assert.equal(asked.length, 1, 'the user was asked');
      assert.deepEqual(
        asked[0]?.matches.map((match) => [match.phrase, match.source, match.line]),
        [[PHRASE, 'the attachments of this message', 7]],
      );
      assert.equal((await clusterStats(emulator.baseUrl, 'demo')).received, before.received, 'nothing was sent');
      assert.equal(await ticketsCreated(), tickets, 'the action counter stays');
    });
  });

  it('sends on yes, and the phrase would indeed have fired the action', async () => {
    await withPhrases(async () => {
      await own.chat.newChat();
      yes = true;
      own.chat.attachments.add({ label: 'notes.md', fileName: 'notes.md', languageId: 'markdown', code: `${PHRASE}\n` });
      const tickets = await ticketsCreated();
      await own.chat.send('Summarise the notes');
      assert.equal(asked.length, 1);
      assert.equal(await ticketsCreated(), tickets + 1);
    });
  });

  it('does not ask about what the user typed for this turn, but does when an earlier reply carries the phrase', async () => {
    await withPhrases(async () => {
      await own.chat.newChat();
      await own.chat.send(`Please ${PHRASE}`);
      assert.equal(asked.length, 0, 'typed now: the user asked for it');
      await own.chat.send('And now?');
      assert.equal(asked.length, 1, 'the earlier message would fire it again');
      assert.match(asked[0]?.matches[0]?.source ?? '', /earlier message 1/);
    });
  });
});
