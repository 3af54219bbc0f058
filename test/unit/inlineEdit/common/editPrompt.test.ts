import * as assert from 'node:assert/strict';
import { buildEditMessages, buildProblemMessages, describeProblem, WHOLE_CODE_REQUEST } from '../../../../src/inlineEdit/common/editPrompt';

const context = { fileName: 'src/math.ts', languageId: 'typescript', code: 'let x = 1\n', lines: { first: 3, last: 3 } };

describe('edit and problem prompts', () => {
  it('an edit sends the instruction, the code with where it is, and asks for the whole code back', () => {
    const messages = buildEditMessages({ instruction: '  Use const ', context, systemPrompt: 'Be terse.' });
    assert.deepEqual(messages, [
      { role: 'system', content: 'Be terse.' },
      {
        role: 'user',
        content: `Use const\n\nsrc/math.ts (typescript), lines 3–3:\n\n\`\`\`typescript\nlet x = 1\n\`\`\`\n\n${WHOLE_CODE_REQUEST}`,
      },
    ]);
  });

  it('a problem is described with 1-based positions, severity, source and code', () => {
    const range = { startLine: 3, startColumn: 5, endLine: 3, endColumn: 6 };
    assert.equal(
      describeProblem({ message: "Cannot find name 'y'.", severity: 'error', source: 'ts', code: '2304', range }),
      "line 3, columns 5–6: Cannot find name 'y'. (error, ts 2304)",
    );
    assert.equal(
      describeProblem({ message: 'Unused.', severity: 'hint', range: { startLine: 1, startColumn: 1, endLine: 2, endColumn: 4 } }),
      'lines 1:1–2:4: Unused. (hint)',
    );
  });

  it('a fix lists the problems before the code and asks for the whole code; an explanation does not', () => {
    const problems = [{ message: 'Bad.', severity: 'warning' as const, range: { startLine: 3, startColumn: 1, endLine: 3, endColumn: 4 } }];
    const fix = buildProblemMessages({ kind: 'fix', instruction: 'Fix {fileName}.', problems, context, systemPrompt: '' });
    assert.equal(fix.length, 1);
    assert.equal(
      fix[0]?.content,
      `Fix src/math.ts.\n\nProblems reported in src/math.ts:\n- line 3, columns 1–4: Bad. (warning)\n\nsrc/math.ts (typescript), lines 3–3:\n\n\`\`\`typescript\nlet x = 1\n\`\`\`\n\n${WHOLE_CODE_REQUEST}`,
    );
    const explain = buildProblemMessages({ kind: 'explain', instruction: 'Explain.', problems, context, systemPrompt: '' });
    assert.ok(!explain[0]?.content.includes(WHOLE_CODE_REQUEST));
  });
});
