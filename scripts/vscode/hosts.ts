/** A real VS Code build to test in: code-server from the npm registry, and the Node it needs. */
export interface Host {
  readonly name: 'oldest' | 'latest';
  readonly codeServer: string;
  readonly vscode: string;
  readonly nodeMajor: number;
}

/** The oldest VS Code the manifest's engines.vscode claims, and the latest. */
export const HOSTS: readonly Host[] = [
  { name: 'oldest', codeServer: '4.100.3', vscode: '1.100.3', nodeMajor: 20 },
  { name: 'latest', codeServer: '4.139.1', vscode: '1.139.1', nodeMajor: 24 },
];

export function hostByName(name: string): Host {
  const host = HOSTS.find((candidate) => candidate.name === name || candidate.vscode === name);
  if (!host) {
    throw new Error(`Unknown VS Code host "${name}". Known: ${HOSTS.map((h) => `${h.name} (${h.vscode})`).join(', ')}`);
  }
  return host;
}
