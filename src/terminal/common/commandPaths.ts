/** Characters that end a shell word and are no part of any: pipes, lists, redirections, groups. */
const OPERATORS = new Set(['|', '&', ';', '<', '>', '(', ')']);

/**
 * The words of a command line as a POSIX shell splits them: quotes ('…', "…") and backslashes
 * taken off, operators between words. Expansions (`$VAR`, globs) are left as written.
 */
export function shellWords(commandLine: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: '"' | "'" | undefined;
  const end = (): void => {
    if (word !== undefined) {
      words.push(word);
      word = undefined;
    }
  };
  for (let index = 0; index < commandLine.length; index++) {
    const char = commandLine[index] ?? '';
    if (quote !== undefined) {
      if (char === quote) {
        quote = undefined;
      } else if (char === '\\' && quote === '"' && /["\\$`]/.test(commandLine[index + 1] ?? '')) {
        word = (word ?? '') + (commandLine[++index] ?? '');
      } else {
        word = (word ?? '') + char;
      }
    } else if (char === '"' || char === "'") {
      quote = char;
      word = word ?? '';
    } else if (char === '\\') {
      word = (word ?? '') + (commandLine[++index] ?? '');
    } else if (/\s/.test(char) || OPERATORS.has(char)) {
      end();
    } else {
      word = (word ?? '') + char;
    }
  }
  end();
  return words;
}

/**
 * What a command line may name as files: each word but options, and the value of `--name=value`
 * and `NAME=value`. Over-inclusive on purpose: a word that names no file matches no ignore pattern.
 */
export function pathsNamedBy(commandLine: string): string[] {
  const named = shellWords(commandLine).flatMap((word) => {
    const assigned = /^-{0,2}[A-Za-z_][\w-]*=(.+)$/.exec(word);
    if (assigned?.[1] !== undefined) {
      return [assigned[1]];
    }
    return word.startsWith('-') || word === '' ? [] : [word];
  });
  return [...new Set(named)];
}
