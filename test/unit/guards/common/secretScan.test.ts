import * as assert from 'node:assert/strict';
import { findSecrets, redact, type SecretFinding, type SecretKind } from '../../../../src/guards/common/secretScan';
import { ORDINARY_SOURCE, privateKeyBlock, randomText, samples } from './secretSamples';

/** The kinds found and the exact text of each finding. */
function found(text: string): Array<[SecretKind, string]> {
  return findSecrets(text).map((finding) => [finding.kind, text.slice(finding.start, finding.end)]);
}

function redactAll(text: string): string {
  const findings = findSecrets(text);
  return redact(text, findings, new Set(findings.keys()));
}

describe('secret guard: what it finds', () => {
  it('finds the tokens of the big services, exactly the token', () => {
    const cases: Array<[SecretKind, string]> = [
      ['github-token', samples.githubClassic],
      ['github-token', samples.githubOAuth],
      ['github-token', samples.githubFineGrained],
      ['gitlab-token', samples.gitlab],
      ['slack-token', samples.slackBot],
      ['slack-webhook', samples.slackWebhook],
      ['stripe-key', samples.stripe],
      ['google-api-key', samples.google],
      ['openai-key', samples.openai],
      ['anthropic-key', samples.anthropic],
      ['huggingface-token', samples.huggingface],
      ['npm-token', samples.npm],
      ['aws-access-key', samples.awsAccessKey],
      ['jwt', samples.jwt],
    ];
    for (const [kind, token] of cases) {
      for (const text of [`KEY=${token}`, `{"key": "${token}"}`, `fetch(url, '${token}')`, `see ${token}, then`, token]) {
        assert.deepEqual(found(text), [[kind, token]], text);
      }
    }
  });

  it('finds private keys: PEM and OpenSSH, in a JSON string, and cut short', () => {
    const pem = privateKeyBlock('RSA');
    assert.deepEqual(found(`key:\n${pem}\nnext`), [['private-key', pem]]);
    const openssh = privateKeyBlock('OPENSSH');
    assert.deepEqual(found(openssh), [['private-key', openssh]]);
    const escaped = privateKeyBlock('', 6, '\\n').replace('BEGIN  ', 'BEGIN ').replace('END  ', 'END ');
    assert.deepEqual(found(`{"private_key": "${escaped}\\n", "client_email": "a@b"}`), [['private-key', escaped]]);
    const cut = pem.split('\n').slice(0, 4).join('\n');
    assert.deepEqual(found(`${cut}\n\nThat was the key.`), [['private-key', cut]]);
    const encrypted = pem.replace('\n', '\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,0123456789ABCDEF\n\n');
    assert.deepEqual(found(encrypted), [['private-key', encrypted]]);
  });

  it('finds credentials by the name they are assigned to, and reports only the value', () => {
    const cases: Array<[string, SecretKind, string]> = [
      [`DB_PASSWORD=${samples.password}`, 'password-assignment', samples.password],
      [`"password": "${samples.password}"`, 'password-assignment', samples.password],
      [`  password: ${samples.password}`, 'password-assignment', samples.password],
      [`userPassword := '${samples.password}'`, 'password-assignment', samples.password],
      [`SECRET_KEY = '${samples.djangoSecret}'`, 'secret-assignment', samples.djangoSecret],
      [`client_secret=${samples.bearer}&grant_type=x`, 'secret-assignment', samples.bearer],
      [`AWS_SECRET_ACCESS_KEY=${samples.awsSecretKey}`, 'aws-secret-key', samples.awsSecretKey],
      [`//registry.npmjs.org/:_authToken=${samples.bearer}`, 'npm-token', samples.bearer],
      [`curl -H "Authorization: Bearer ${samples.bearer}" https://x`, 'authorization-header', samples.bearer],
      [`postgres://app:${samples.urlPassword}@db.internal:5432/app`, 'url-password', samples.urlPassword],
    ];
    for (const [text, kind, value] of cases) {
      assert.deepEqual(found(text), [[kind, value]], text);
    }
  });

  it('reports one finding where a specific and a generic rule both match, the specific one', () => {
    assert.deepEqual(found(`token = "${samples.githubClassic}"`), [['github-token', samples.githubClassic]]);
    assert.deepEqual(found(`Authorization: Bearer ${samples.jwt}`), [['jwt', samples.jwt]]);
    assert.deepEqual(found(`api_key: ${samples.google}`), [['google-api-key', samples.google]]);
  });

  it('returns the findings in text order', () => {
    const text = `${samples.npm}\npassword=${samples.password}\n${samples.githubClassic}`;
    assert.deepEqual(
      findSecrets(text).map((finding) => finding.kind),
      ['npm-token', 'password-assignment', 'github-token'],
    );
  });
});

describe('secret guard: what it leaves alone', () => {
  it('finds nothing in ordinary source, configuration and documentation', () => {
    assert.deepEqual(findSecrets(ORDINARY_SOURCE), []);
  });

  it('leaves documentation examples and placeholders alone', () => {
    const examples = [
      'AKIAIOSFODNN7EXAMPLE',
      'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      `ghp_${'x'.repeat(36)}`,
      `sk_live_${'0'.repeat(24)}`,
      'password=${DB_PASSWORD}',
      'password: "<your password>"',
      'PASSWORD=changeme123',
      'token: "********************"',
      'secret = "your-secret-here-123"',
      'api_key = "sk-..."',
      'https://user:password@example.com',
      '-----BEGIN RSA PRIVATE KEY-----\nMIIE...\n-----END RSA PRIVATE KEY-----',
      'password = "pass1"',
    ];
    for (const text of examples) {
      assert.deepEqual(findSecrets(text), [], text);
    }
  });

  it('does not take a token inside a longer word for one', () => {
    assert.deepEqual(findSecrets(`x${samples.awsAccessKey}Y`), []);
    assert.deepEqual(findSecrets(`${samples.google}XYZ`), []);
  });
});

describe('secret guard: previews and redaction', () => {
  it('shows at most the public prefix and the last three characters', () => {
    const text = `${samples.githubClassic}\nDB_PASSWORD=${samples.password}\n${privateKeyBlock()}`;
    const previews = findSecrets(text).map((finding) => finding.preview);
    assert.deepEqual(previews, [`ghp_…${samples.githubClassic.slice(-3)}`, 'DB_PASSWORD=…', '-----BEGIN RSA PRIVATE KEY-----…']);
    const secret = samples.githubClassic.slice(4, -3);
    assert.ok(previews.every((preview) => !preview.includes(secret.slice(0, 6)) && !preview.includes(samples.password)));
  });

  it('replaces the chosen findings with [redacted] and keeps the rest of the text', () => {
    const text = `A=${samples.npm}\nB=${samples.githubClassic}\nC=${samples.stripe}\n`;
    const findings = findSecrets(text);
    assert.equal(redact(text, findings, new Set([0, 2])), `A=[redacted]\nB=${samples.githubClassic}\nC=[redacted]\n`);
    assert.equal(redact(text, findings, new Set()), text);
  });

  it('keeps the name a credential is assigned to, so the reader sees what was left out', () => {
    assert.equal(redactAll(`export DB_PASSWORD="${samples.password}"`), 'export DB_PASSWORD="[redacted]"');
    assert.equal(redactAll(`postgres://app:${samples.urlPassword}@db/app`), 'postgres://app:[redacted]@db/app');
    assert.equal(redactAll(`x\n${privateKeyBlock()}\ny`), 'x\n[redacted]\ny');
  });

  it('redacts a finding once even when it is passed twice', () => {
    const text = `t=${samples.npm};`;
    const [finding] = findSecrets(text) as [SecretFinding];
    assert.equal(redact(text, [finding, finding], new Set([0, 1])), 't=[redacted];');
  });
});

describe('secret guard: no input makes it slow', () => {
  const MEGABYTE = 1 << 20;
  const fill = (piece: string): string => piece.repeat(Math.ceil(MEGABYTE / piece.length)).slice(0, MEGABYTE);
  const inputs: Record<string, string> = {
    'ordinary source': fill(ORDINARY_SOURCE),
    'one long word': 'a'.repeat(MEGABYTE),
    'random base64': randomText(7, MEGABYTE, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'),
    'JWT headers without an end': `eyJ${'A'.repeat(MEGABYTE)}`,
    'JWT prefixes': fill('eyJhbGciOiJIUzI1NiIsInR5cCI6.ey'),
    'key headers without a body': fill('-----BEGIN RSA PRIVATE KEY-----\n'),
    'assignments without a value': fill('password='),
    'open quotes': fill('password: "'),
    'token names': fill('token = a'),
    'URL credentials without a host': fill('https://a:'),
    'scheme after scheme': fill('a://b:c'),
    'Authorization headers': fill('Authorization: Bearer '),
    'OpenAI prefixes': fill('sk-proj-T3BlbkFJ'),
    'Slack prefixes': fill('xoxb-1234567890-'),
    'GitLab prefix then a long word': `glpat-${'a'.repeat(MEGABYTE)}`,
    dashes: '-'.repeat(MEGABYTE),
    'escaped newlines': fill('\\n'),
  };
  for (const [name, text] of Object.entries(inputs)) {
    it(`scans 1 MB of ${name} in under 200 ms`, () => {
      let fastest = Number.POSITIVE_INFINITY;
      for (let round = 0; round < 5 && fastest >= 200; round++) {
        const started = performance.now();
        findSecrets(text);
        fastest = Math.min(fastest, performance.now() - started);
      }
      assert.ok(fastest < 200, `${fastest.toFixed(0)} ms`);
    });
  }
});
