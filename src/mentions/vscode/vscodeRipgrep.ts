import * as vscode from 'vscode';
import { ripgrepOnce } from '../node/vscodeRipgrep';

/**
 * VS Code's own ripgrep (undefined where this VS Code ships none), shared by the file list and
 * @search so that the window looks for it once, when either first needs it.
 */
export const vscodeRipgrep = ripgrepOnce(vscode.env.appRoot);
