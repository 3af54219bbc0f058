// The real VS Code builds the tests run in: the oldest the manifest claims and the latest.
// code-server from the npm registry is VS Code's own workbench and extension host.
const path = require('node:path');
const { root } = require('../lib/ensureDependencies');

const cacheRoot = path.join(root, '.vscode-test');

/** @typedef {{ name: string, codeServer: string, vscode: string, nodeMajor: number }} Host */

/** @type {Host[]} */
const HOSTS = [
  { name: 'oldest', codeServer: '4.100.3', vscode: '1.100.3', nodeMajor: 20 },
  { name: 'latest', codeServer: '4.139.1', vscode: '1.139.1', nodeMajor: 24 },
];

function hostByName(name) {
  const host = HOSTS.find((candidate) => candidate.name === name || candidate.vscode === name);
  if (!host) {
    throw new Error(`Unknown VS Code host "${name}". Known: ${HOSTS.map((h) => `${h.name} (${h.vscode})`).join(', ')}`);
  }
  return host;
}

module.exports = { HOSTS, hostByName, cacheRoot };
