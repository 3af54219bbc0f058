import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { hostByName } from '../../vscode/hosts';
import { installHost } from '../../vscode/installCodeServer';
import { type Figure, percentile } from '../figures';
import { findVscodeRipgrep, listFiles } from '../../../src/mentions/node/vscodeRipgrep';
import { mentionOptions } from '../../../src/mentions/common/mentionOptions';

const MENTION_FILES = 50_000;

/**
 * `@` in a workspace of 50,000 files, in process with the extension's own code: VS Code's ripgrep
 * lists the folder (in the background, when the chat opens), then the first suggestions after the
 * `@` and each later keystroke are matched against that list, as `ChatMentions` answers them.
 */
export function measureFileSuggestions(log: (line: string) => void): Promise<Figure[]> {
  const install = installHost(hostByName('latest'));
  const ripgrep = findVscodeRipgrep(path.join(path.dirname(install.entry), '..', '..', 'lib', 'vscode'));
  if (ripgrep === undefined) {
    throw new Error(`VS Code's ripgrep is missing in ${install.entry}`);
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-chat-mentions-'));
  for (let file = 0; file < MENTION_FILES; file++) {
    const dir = path.join(folder, `packages/pkg${file % 200}/src/module${file % 37}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `file${file}.ts`), '');
  }
  const describe = (source: string): string => source;
  return (async () => {
    try {
      const listMs: number[] = [];
      const firstMs: number[] = [];
      const keyMs: number[] = [];
      for (let run = 0; run < 5; run++) {
        const listing = performance.now();
        // A new array each run, as each new list is: nothing derived from an earlier one is reused.
        const names = [...(await listFiles(ripgrep, folder, [], 100_000))];
        listMs.push(performance.now() - listing);
        const first = performance.now();
        mentionOptions('', names, describe);
        firstMs.push(performance.now() - first);
        for (const typed of ['f', 'fi', 'fil', 'file1', 'file12', 'file123', 'pkg1mod']) {
          const key = performance.now();
          mentionOptions(typed, names, describe);
          keyMs.push(performance.now() - key);
        }
        log(`  run ${run + 1}: ${names.length} files listed in ${listMs.at(-1)?.toFixed(0) ?? '?'} ms`);
      }
      return [
        {
          area: 'Mentions',
          name: `listing ${MENTION_FILES} files with VS Code's ripgrep (background), median`,
          value: percentile(listMs, 50),
          unit: 'ms',
        },
        {
          area: 'Mentions',
          name: `@ first suggestions after the keystroke, ${MENTION_FILES} files, median`,
          value: percentile(firstMs, 50),
          unit: 'ms',
          budget: 150,
        },
        {
          area: 'Mentions',
          name: `@ suggestions per later keystroke, ${MENTION_FILES} files, p99`,
          value: percentile(keyMs, 99),
          unit: 'ms',
          budget: 150,
        },
      ];
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  })();
}
