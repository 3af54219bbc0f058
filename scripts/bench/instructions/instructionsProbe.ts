/**
 * Runs inside the real extension host (as the tests entry of a development workbench) over a
 * workspace of 5,000 files with 200 instruction files: how long resolving the instruction files of
 * one send takes once the watched cache holds them. Writes the samples to CLUSTER_CHAT_BENCH_OUT.
 */
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { TEST_HOOKS_COMMAND, type TestHooks } from '../../../src/api/vscode/testHooks';

export interface InstructionFigures {
  readonly instructionFiles: number;
  readonly applied: number;
  readonly resolveMs: readonly number[];
}

/** The file the sends are about: `instructionsBench.ts` puts an AGENTS.md above it and rules that match it. */
const FILE_IN_QUESTION = 'src/pkg7/sub/file3.ts';
const SAMPLES = 200;

/** Nothing is remembered between sends: every file is asked about, and the answer is always Send. */
class NoMemento implements vscode.Memento {
  keys(): readonly string[] {
    return [];
  }
  get<T>(key: string): T | undefined;
  get<T>(key: string, defaultValue: T): T;
  get<T>(_key: string, defaultValue?: T): T | undefined {
    return defaultValue;
  }
  update(): Thenable<void> {
    return Promise.resolve();
  }
}

export async function run(): Promise<void> {
  const out = process.env['CLUSTER_CHAT_BENCH_OUT'];
  const expected = Number(process.env['CLUSTER_CHAT_BENCH_INSTRUCTION_FILES']);
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!out || !folder || !(expected > 0)) {
    throw new Error('CLUSTER_CHAT_BENCH_OUT, CLUSTER_CHAT_BENCH_INSTRUCTION_FILES and a workspace folder must be set');
  }
  await vscode.extensions.getExtension('clusterchat.cluster-chat')?.activate();
  const testing = await vscode.commands.executeCommand<TestHooks | undefined>(TEST_HOOKS_COMMAND);
  if (!testing) {
    throw new Error('the extension must run in test mode');
  }
  const deadline = Date.now() + 120_000;
  while ((await testing.instructionFiles.filesOf(folder)).length < expected) {
    if (Date.now() > deadline) {
      throw new Error(`the cache holds ${(await testing.instructionFiles.filesOf(folder)).length} of ${expected} instruction files`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const { WorkspaceInstructions, InstructionApprovals } = testing.classes;
  const instructions = new WorkspaceInstructions(
    testing.instructionFiles,
    new InstructionApprovals(new NoMemento(), () => Promise.resolve('send')),
    testing.userFolder,
  );
  const inQuestion = [vscode.Uri.joinPath(folder.uri, FILE_IN_QUESTION)];
  let applied = 0;
  for (let warmUp = 0; warmUp < 20; warmUp++) {
    applied = (await instructions.applicable(inQuestion)).length;
  }
  const resolveMs: number[] = [];
  for (let sample = 0; sample < SAMPLES; sample++) {
    const started = performance.now();
    await instructions.applicable(inQuestion);
    resolveMs.push(performance.now() - started);
  }
  const figures: InstructionFigures = { instructionFiles: (await testing.instructionFiles.filesOf(folder)).length, applied, resolveMs };
  fs.writeFileSync(out, JSON.stringify(figures));
}
