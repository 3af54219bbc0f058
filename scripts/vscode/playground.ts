import * as fs from 'node:fs';
import * as path from 'node:path';

/** The files a development window opens with, to try the commands on. */
const SAMPLE_FILES: Readonly<Record<string, string>> = {
  'hello.ts': 'export function greet(name: string): string {\n  return `Hello, ${name}!`;\n}\n',
  'fib.py': 'def fib(n):\n    a, b = 0, 1\n    for _ in range(n):\n        a, b = b, a + b\n    return a\n',
  'README.md': '# Cluster Chat playground\n\nSelect some code and try the Cluster Chat commands (F1 → "Cluster Chat").\n',
};

/** User settings that point Cluster Chat at the emulator, with one cluster of each kind worth trying. */
export function emulatorSettings(baseUrl: string): Record<string, unknown> {
  return {
    'clusterChat.baseUrl': baseUrl,
    'clusterChat.clusters': [
      { id: 'demo', label: 'Demo (emulator)' },
      { id: 'slow-good', label: 'Slow reply (emulator)' },
      { id: 'echo', label: 'Echo (emulator)' },
      { id: 'fault-429', label: 'Rate limited (emulator)' },
      { id: 'fault-hang', label: 'Never answers (emulator)' },
    ],
  };
}

/** Writes the sample files into `dir` (keeping any the user changed) and returns `dir`. */
export function preparePlayground(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  for (const [name, content] of Object.entries(SAMPLE_FILES)) {
    const file = path.join(dir, name);
    if (!fs.existsSync(file)) {
      fs.writeFileSync(file, content);
    }
  }
  return dir;
}
