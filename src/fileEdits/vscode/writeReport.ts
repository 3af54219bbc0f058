import * as vscode from 'vscode';
import { markerLines } from '../common/leftoverMarkers';
import type { FileWrite } from './reviewPlan';

/** How long language servers get to report on the changed files before the report is made. */
const DIAGNOSTICS_WAIT_MS = 3000;

/** A place in a written file that needs a look. */
export interface Finding {
  readonly label: string;
  readonly uri: vscode.Uri;
  readonly line: number;
  readonly what: string;
}

/**
 * After files were written: any `...existing code...` left in them and any error that was not
 * there before, each with a button that opens the place. Silent when there is nothing to say.
 */
export async function reportAfterWrite(written: readonly FileWrite[], before: ErrorsBefore): Promise<void> {
  const findings = await findingsAfterWrite(written, before);
  if (findings.length === 0) {
    return;
  }
  const choices = reportChoices(findings);
  const choice = await vscode.window.showWarningMessage(
    vscode.l10n.t(
      'Cluster Chat: after the changes, {0}.',
      findings.map((finding) => vscode.l10n.t('{0}:{1} {2}', finding.label, finding.line, finding.what)).join('; '),
    ),
    ...choices.map(({ button }) => button),
  );
  const chosen = choices.find(({ button }) => button === choice);
  const finding = chosen?.finding ?? (chosen ? await pickFinding(findings) : undefined);
  if (finding) {
    const position = new vscode.Position(finding.line - 1, 0);
    await vscode.window.showTextDocument(finding.uri, { selection: new vscode.Range(position, position), preview: false });
  }
}

/** Buttons on the report, the last of them listing every place when there are more. */
const MOST_BUTTONS = 3;

/**
 * The report's buttons: one that opens each place, or, for more than fit, the first ones and one
 * that lists them all (no `finding`).
 */
export function reportChoices(findings: readonly Finding[]): Array<{ readonly button: string; readonly finding?: Finding }> {
  const open = (finding: Finding) => ({ button: vscode.l10n.t('Open {0}:{1}', finding.label, finding.line), finding });
  return findings.length <= MOST_BUTTONS
    ? findings.map(open)
    : [...findings.slice(0, MOST_BUTTONS - 1).map(open), { button: vscode.l10n.t('Show All {0}…', findings.length) }];
}

async function pickFinding(findings: readonly Finding[]): Promise<Finding | undefined> {
  const picked = await vscode.window.showQuickPick(
    findings.map((finding) => ({ label: `${finding.label}:${finding.line}`, detail: finding.what, finding })),
    { title: vscode.l10n.t('Cluster Chat: after the changes'), matchOnDetail: true },
  );
  return picked?.finding;
}

/** The errors of files as they stood before a write, by the file's URI. */
export type ErrorsBefore = ReadonlyMap<string, ReadonlySet<string>>;

/** Takes the errors of `uris` now: call it before writing, as the language servers answer fast. */
export function errorsBefore(uris: readonly vscode.Uri[]): ErrorsBefore {
  return new Map(uris.map((uri) => [uri.toString(), new Set(errorsOf(uri).map(errorKey))]));
}

/** The markers left in the written text, and the errors on the written files that were not in `before`. */
export async function findingsAfterWrite(written: readonly FileWrite[], before: ErrorsBefore): Promise<Finding[]> {
  const markers: Finding[] = written.flatMap(({ file, text }) =>
    markerLines(text, file.original).map((line) => ({
      label: file.label,
      uri: file.uri,
      line,
      what: vscode.l10n.t('“...existing code...” left'),
    })),
  );
  await diagnosticsSettled(written.map(({ file }) => file.uri));
  const errors: Finding[] = written.flatMap(({ file }) =>
    errorsOf(file.uri)
      .filter((diagnostic) => !before.get(file.uri.toString())?.has(errorKey(diagnostic)))
      .map((diagnostic) => ({ label: file.label, uri: file.uri, line: diagnostic.range.start.line + 1, what: diagnostic.message })),
  );
  return [...markers, ...errors];
}

function errorsOf(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((diagnostic) => diagnostic.severity === vscode.DiagnosticSeverity.Error);
}

/** An error is the same one when its message is, wherever the change moved it. */
function errorKey(diagnostic: vscode.Diagnostic): string {
  return diagnostic.message;
}

/** Resolves once the language servers reported on every file, or after the wait, whichever is first. */
function diagnosticsSettled(uris: readonly vscode.Uri[]): Promise<void> {
  const waiting = new Set(uris.map((uri) => uri.toString()));
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      listener.dispose();
      resolve();
    };
    const timer = setTimeout(done, DIAGNOSTICS_WAIT_MS);
    const listener = vscode.languages.onDidChangeDiagnostics((event) => {
      for (const uri of event.uris) {
        waiting.delete(uri.toString());
      }
      if (waiting.size === 0) {
        done();
      }
    });
  });
}
