import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import * as vscode from 'vscode';
import type { ClusterChatError } from '../../src/api/vscode/clusterChatApi';
import type { Message } from '../../src/client/common/messages';
import { activateExtension, emulatorFromEnvironment, report, stopUsingEmulator, useEmulator, waitFor } from './testEnvironment';

const CONVERSATIONS = 20;
const TURNS = 10;

interface LoadStats {
  readonly openConnections: number;
  readonly clusters: Record<string, { readonly received: number; readonly completed: number } | undefined>;
}

/** The emulator's stats over a connection that closes after the answer (so it is not left open). */
function statsOnce(baseUrl: string): Promise<LoadStats> {
  return new Promise((resolve, reject) => {
    http
      .get(`${baseUrl}/_emulator/stats`, { agent: false }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve(JSON.parse(body) as LoadStats));
      })
      .on('error', reject);
  });
}

function resources(kind: string): number {
  return process.getActiveResourcesInfo().filter((resource) => resource === kind).length;
}

/** The cluster conversation `index` talks to: most to a good one, some to failing ones. */
function clusterFor(index: number): string {
  return index < 15 ? 'demo' : index < 18 ? 'fault-500' : 'fault-429-once';
}

describe('Load: 20 conversations sending 200 requests', function () {
  this.timeout(180_000);
  const emulator = emulatorFromEnvironment();

  before(() => useEmulator('demo', 'Demo'));
  after(() => stopUsingEmulator());

  it('all complete or fail cleanly, VS Code keeps answering, and no socket or timer is left behind', async () => {
    const api = await activateExtension();
    await api.sendConversation([{ role: 'user', content: 'warm-up' }]);
    const before = await statsOnce(emulator.baseUrl);
    const timersBefore = resources('Timeout');

    // Meanwhile, VS Code's main thread must keep answering: edit a document round trip by round trip.
    const document = await vscode.workspace.openTextDocument({ content: '' });
    const editor = await vscode.window.showTextDocument(document);
    let loadDone = false;
    const roundTrips: number[] = [];
    const responsiveness = (async () => {
      while (!loadDone) {
        const started = Date.now();
        assert.ok(await editor.edit((edit) => edit.insert(new vscode.Position(document.lineCount, 0), 'x\n')));
        roundTrips.push(Date.now() - started);
      }
    })();

    const outcomes = await Promise.all(
      Array.from({ length: CONVERSATIONS }, async (_unused, index) => {
        const clusterId = clusterFor(index);
        const conversation: Message[] = [{ role: 'system', content: `Conversation ${index}` }];
        const results: Array<'ok' | ClusterChatError['kind']> = [];
        for (let turn = 0; turn < TURNS; turn++) {
          conversation.push({ role: 'user', content: `Conversation ${index}, turn ${turn}` });
          try {
            const reply = await api.sendConversation(conversation, { clusterId });
            assert.equal(reply.message.role, 'assistant');
            conversation.push(reply.message);
            results.push('ok');
          } catch (error) {
            const failure = error as ClusterChatError;
            assert.ok(typeof failure.kind === 'string' && failure.message.length > 0, `a typed error with a message: ${String(error)}`);
            results.push(failure.kind);
          }
        }
        return { clusterId, results, conversation };
      }),
    );
    loadDone = true;
    await responsiveness;

    const all = outcomes.flatMap((outcome) => outcome.results);
    assert.equal(all.length, CONVERSATIONS * TURNS);
    const demo = outcomes.filter((outcome) => outcome.clusterId === 'demo');
    assert.ok(
      demo.every((outcome) => outcome.results.every((result) => result === 'ok')),
      'every request to the good cluster completed',
    );
    assert.ok(
      demo.every((outcome) => outcome.conversation.length === 1 + 2 * TURNS),
      'every conversation holds all its turns',
    );
    const failing = outcomes.filter((outcome) => outcome.clusterId === 'fault-500').flatMap((outcome) => outcome.results);
    assert.ok(
      failing.every((result) => result === 'server'),
      `fault-500 fails cleanly: ${failing.join(',')}`,
    );
    const flaky = outcomes.filter((outcome) => outcome.clusterId === 'fault-429-once').flatMap((outcome) => outcome.results);
    assert.ok(
      flaky.every((result) => result === 'ok' || result === 'rateLimited'),
      flaky.join(','),
    );

    const after = await statsOnce(emulator.baseUrl);
    const sent = (id: string): number => (after.clusters[id]?.received ?? 0) - (before.clusters[id]?.received ?? 0);
    assert.equal(sent('demo'), 15 * TURNS, 'one POST per request');
    assert.equal(sent('fault-500'), 3 * TURNS, 'a 500 is never retried behind the user’s back');
    assert.ok(
      sent('fault-429-once') >= 2 * TURNS && sent('fault-429-once') <= 3 * 2 * TURNS,
      `429s retried at most twice: ${sent('fault-429-once')}`,
    );
    assert.ok(roundTrips.length > 0, 'VS Code answered while the load ran');

    // A settings change closes the connection pool: nothing may stay open, no timer may linger.
    await vscode.workspace.getConfiguration('clusterChat').update('requestTimeoutSeconds', 119, vscode.ConfigurationTarget.Global);
    await waitFor('every connection to the emulator is closed', async () => (await statsOnce(emulator.baseUrl)).openConnections <= 1);
    await waitFor('no timer is left behind', () => resources('Timeout') <= timersBefore + 5);
    await vscode.workspace.getConfiguration('clusterChat').update('requestTimeoutSeconds', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    const total = sent('demo') + sent('fault-500') + sent('fault-429-once');
    report(
      `      (${all.length} requests from ${CONVERSATIONS} conversations: ${all.filter((result) => result === 'ok').length} completed, ${all.filter((result) => result !== 'ok').length} failed cleanly; ${total} POSTs; ${roundTrips.length} editor round trips meanwhile, slowest ${Math.max(...roundTrips)} ms)`,
    );
  });
});
